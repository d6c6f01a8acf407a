// What the shop needs from a card payment provider; `stripe` and `test` implement it.
import type { PaymentProviderName } from '../config/payments-config';

export type { PaymentProviderName };

/** The fields of a PaymentIntent that the shop reads (Stripe's names, camel-cased). */
export interface PaymentIntentSnapshot {
  id: string;
  clientSecret: string;
  /** Stripe's statuses; only `succeeded` means the money was taken. */
  status: string;
  /** Smallest currency unit (cents). */
  amount: number;
  amountReceived: number;
  currency: string;
  metadata: Record<string, string>;
  /** Refunds taken on it, by idempotency key (the test provider's own record; Stripe keeps its own). */
  refunds?: Record<string, PaymentRefund>;
}

export interface NewRefund {
  paymentIntentId: string;
  /** Cents; at most what was received and not refunded yet. */
  amount: number;
  /** Same key, same refund: a retried request never refunds twice. */
  idempotencyKey: string;
}

export interface PaymentRefund {
  id: string;
  amount: number;
  /** Stripe's statuses: `succeeded` or `pending` mean the money is on its way back. */
  status: string;
}

export interface NewPaymentIntent {
  orderId: string;
  /** Cents, computed by the server from the stored order. */
  amount: number;
  currency: 'usd';
  /** Same key, same intent: a retried request never creates a second one. */
  idempotencyKey: string;
}

export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;
  /** Sent to the browser by GET /payments/config (stripe only). */
  abstract readonly publishableKey?: string;
  abstract createIntent(intent: NewPaymentIntent): Promise<PaymentIntentSnapshot>;
  abstract retrieveIntent(id: string): Promise<PaymentIntentSnapshot>;
  /**
   * Cancels the intent if it can still be cancelled; otherwise (succeeded, processing, already
   * canceled) answers its current state. Throws UnknownPaymentIntentError for an unknown id.
   */
  abstract cancelIntent(id: string): Promise<PaymentIntentSnapshot>;
  /** Gives money of a succeeded intent back to the card; throws RefundRefusedError when it cannot. */
  abstract refund(refund: NewRefund): Promise<PaymentRefund>;
}

/** Intent statuses the provider refuses to cancel: the money is taken or on its way. */
export const UNCANCELABLE_STATUSES: ReadonlySet<string> = new Set([
  'succeeded',
  'processing',
  'canceled',
]);

/** Intent statuses in which the customer can still (re)try a card. */
export const PAYABLE_STATUSES: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);
