/** An unpaid order that has a payment started for it. */
export interface OrderWithPayment {
  id: string;
  paymentIntentId: string;
}

/**
 * What cancelling an order needs from payments (provided by PaymentsModule, so orders never
 * imports payments): stop the order's payment before the order is deleted.
 */
export abstract class OrderPaymentRelease {
  /**
   * Resolves once the payment can no longer take money (cancelled at the provider, or unknown to
   * it). Throws a 409 HttpException when it has succeeded (the order is then marked paid) or is
   * still processing: such an order must not be deleted.
   */
  abstract release(order: OrderWithPayment): Promise<void>;
}
