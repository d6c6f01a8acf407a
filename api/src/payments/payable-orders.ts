import type { OrderState } from '@toolshop/contracts';

/** The part of an order that payments read. */
export interface PayableOrder {
  id: string;
  /** Owner (lower-cased). */
  email: string;
  /** Whole dollars, computed by the server when the order was placed. */
  totalPrice: number;
  /** Only an unpaid order can be paid (a cancelled or expired one stays as it is). */
  state: OrderState;
  paid: boolean;
  paymentIntentId?: string;
  transactionId?: string;
}

/**
 * What payments need from the orders domain, implemented by PayableOrdersService. Every write is one
 * conditional single-document update, so concurrent browser PATCHes and webhooks stay consistent.
 */
export abstract class PayableOrders {
  abstract findPayable(orderId: string): Promise<PayableOrder | null>;
  /** Stores the intent on an unpaid order; false when the order is no longer awaiting payment. */
  abstract attachPaymentIntent(orderId: string, paymentIntentId: string): Promise<boolean>;
  /** unpaid + this intent -> paid with transactionId = intent id; false when nothing changed. */
  abstract markPaid(orderId: string, paymentIntentId: string): Promise<boolean>;
}
