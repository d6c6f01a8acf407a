// Orders in a known state for the admin browser tests, placed and paid through the API the way the
// storefront and the payment page do (offline test payment provider).
import { placeOrder, type ApiClient, type Credentials } from '@toolshop/devstack/e2e';

export { placeOrder };

export type PlacedOrder = Awaited<ReturnType<typeof placeOrder>>;

/** A paid order: payment intent, test card 4242… confirmed, then the order marked paid. */
export async function placePaidOrder(api: ApiClient, customer: Credentials): Promise<PlacedOrder> {
  const order = await placeOrder(api);
  const { clientSecret } = await api.post<{ clientSecret: string }>('/create-payment-intent', {
    orderId: order.orderId,
  });
  const payment = await api.post<{ id: string; status: string }>('/payments/test/confirm', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    billingDetails: { email: customer.email, address: { line1: '12 Elm Street, Springfield' } },
  });
  await api.patch(`/orders/${order.orderId}`, { transactionId: payment.id });
  return order;
}
