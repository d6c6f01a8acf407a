// Orders in a known state for the admin browser tests, placed and paid through the API the way the
// storefront and the payment page do (offline test payment provider).
import type { Tool } from '@toolshop/contracts';
import type { ApiClient, Credentials } from '@toolshop/devstack/e2e';

export interface PlacedOrder {
  orderId: string;
  name: string;
}

/**
 * An unpaid order at the minimum quantity of the tool with the most stock (a seeded one, never
 * a product another test has just created and is counting).
 */
export async function placeOrder(api: ApiClient): Promise<PlacedOrder> {
  const tools = await api.get<Tool[]>('/tools');
  const [tool] = tools
    .filter((t) => t.minOrder > 0 && t.available >= t.minOrder)
    .sort((a, b) => b.available - a.available);
  if (!tool) throw new Error('no tool in stock to order');
  const { insertedId } = await api.post<{ insertedId: string }>('/orders', {
    toolId: tool._id,
    address: '12 Elm Street, Springfield',
    phone: '+1 555 0100',
    orderQuantity: tool.minOrder,
  });
  return { orderId: insertedId, name: tool.name };
}

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
