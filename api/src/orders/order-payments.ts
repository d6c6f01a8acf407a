/** An unpaid order that has a payment started for it. */
export interface OrderWithPayment {
  id: string;
  paymentIntentId: string;
}

/** A paid order's refund: `transactionId` is the payment's (the intent's) id. */
export interface OrderRefundRequest {
  id: string;
  transactionId: string;
  /** Whole dollars. */
  amount: number;
  /** The order's how-manieth refund, from 0: the provider's idempotency key is the order's and it. */
  index: number;
}

/**
 * What closing or refunding an order needs from payments (provided by PaymentsModule, so orders
 * never imports payments).
 */
export abstract class OrderPayments {
  /**
   * Resolves once the payment can no longer take money (cancelled at the provider, or unknown to
   * it). Throws a 409 when it has succeeded (the order is then marked paid) or is still
   * processing: such an order must not be closed.
   */
  abstract release(order: OrderWithPayment): Promise<void>;

  /**
   * Gives the amount back to the card, once per order and index however often it is asked (the
   * provider's idempotency key is made of them); answers the provider's refund id. A refusal of the provider is
   * a 409 with its words; a provider that cannot be reached throws anything else.
   */
  abstract refund(refund: OrderRefundRequest): Promise<{ id: string }>;
}
