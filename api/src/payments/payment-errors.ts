import type { CardError } from './test-cards';

/** The provider does not know this intent (Stripe's `resource_missing`). */
export class UnknownPaymentIntentError extends Error {
  constructor(readonly intentId: string) {
    super(`No such payment_intent: '${intentId}'`);
  }
}

/** A card was refused; `message` is the provider's text for the customer. */
export class CardDeclinedError extends Error {
  readonly code: string;
  readonly declineCode?: string;
  constructor(error: CardError) {
    super(error.message);
    this.code = error.code;
    this.declineCode = error.declineCode;
  }
}

/** The provider refused a refund (nothing taken, more than was taken, …); `message` says why. */
export class RefundRefusedError extends Error {}
