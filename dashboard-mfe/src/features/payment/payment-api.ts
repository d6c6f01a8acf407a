import { api } from '@toolshop/auth';
import type { ModifiedAnswer, Order, PaymentIntentAnswer } from '@toolshop/contracts';

/** GET /payments/config: which card form to show. */
export interface PaymentsConfig {
  provider: 'stripe' | 'test';
  publishableKey?: string;
}

export const PAYMENTS_CONFIG_PATH = '/payments/config';
export const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** What the card is charged for, and the billing details sent with it (SPEC §7). */
export type PayableOrder = Pick<Order, '_id' | 'name' | 'img' | 'email' | 'address' | 'userName' | 'orderQuantity' | 'totalPrice' | 'paid' | 'transactionId'>;

export interface BillingDetails {
  name: string;
  email: string;
  address: { line1: string };
}

export const billingDetailsOf = (order: PayableOrder): BillingDetails => ({
  name: order.userName,
  email: order.email,
  address: { line1: order.address },
});

/** The server computes the amount from the stored order; totalPrice is sent as the spec says. */
export async function createPaymentIntent(order: PayableOrder): Promise<string> {
  const answer = await api.post<PaymentIntentAnswer>('/create-payment-intent', {
    orderId: order._id,
    totalPrice: order.totalPrice,
  });
  return answer.clientSecret;
}

/** PATCH /orders/{id}: the server verifies the payment with the provider before marking it paid. */
export function reportPayment(orderId: string, transactionId: string) {
  return api.patch<ModifiedAnswer>(orderPath(orderId), { order: orderId, transactionId });
}

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Test provider only: confirms like Stripe.js would; a refused card throws with Stripe's message. */
export async function confirmTestCardPayment(clientSecret: string, card: TestCard, billingDetails: BillingDetails) {
  return api.post<{ id: string; status: string }>('/payments/test/confirm', { clientSecret, card, billingDetails });
}
