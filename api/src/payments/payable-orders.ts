/** The part of an order that payments read. */
export interface PayableOrder {
  id: string;
  /** Owner (lower-cased). */
  email: string;
  /** Whole dollars, computed by the server when the order was placed. */
  totalPrice: number;
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
  /** Stores the intent on an unpaid order; false when the order is gone or already paid. */
  abstract attachPaymentIntent(orderId: string, paymentIntentId: string): Promise<boolean>;
  /** unpaid + this intent -> paid with transactionId = intent id; false when nothing changed. */
  abstract markPaid(orderId: string, paymentIntentId: string): Promise<boolean>;
}
