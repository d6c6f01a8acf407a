import Stripe from 'stripe';
import {
  PaymentProvider,
  type NewPaymentIntent,
  type NewRefund,
  type PaymentIntentSnapshot,
  type PaymentRefund,
} from './payment-provider';
import { RefundRefusedError, UnknownPaymentIntentError } from './payment-errors';
import type { StripeSettings } from '../config/payments-config';

/** The production provider: Stripe's API through the official SDK. */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    super();
    this.publishableKey = settings.publishableKey;
    this.stripe = new Stripe(settings.secretKey, {
      host: settings.host,
      port: settings.port,
      protocol: settings.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'toolshop' },
    });
  }

  async createIntent(request: NewPaymentIntent): Promise<PaymentIntentSnapshot> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency,
        // The page confirms with a card Element, so only cards are offered.
        allowed_payment_method_types: ['card'],
        metadata: { orderId: request.orderId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return snapshot(intent);
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot> {
    try {
      return snapshot(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      throw unknownIntentOr(error, id);
    }
  }

  async cancelIntent(id: string): Promise<PaymentIntentSnapshot> {
    try {
      return snapshot(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      // Stripe refuses to cancel a succeeded, processing or canceled intent: report its state.
      if (
        error instanceof Stripe.errors.StripeError &&
        error.code === 'payment_intent_unexpected_state'
      ) {
        return this.retrieveIntent(id);
      }
      throw unknownIntentOr(error, id);
    }
  }

  async refund(request: NewRefund): Promise<PaymentRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: request.paymentIntentId, amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      );
      return { id: refund.id, amount: refund.amount, status: refund.status ?? 'pending' };
    } catch (error) {
      // Stripe's own words for a refund it will not make (already refunded, not captured…).
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new RefundRefusedError(error.message);
      throw unknownIntentOr(error, request.paymentIntentId);
    }
  }

  /**
   * Verifies the `stripe-signature` header against the raw request body and parses the event.
   * Throws Stripe's SignatureVerificationError when it does not match.
   */
  constructWebhookEvent(rawBody: Buffer | string, signature: string): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }

  get acceptsWebhooks(): boolean {
    return Boolean(this.settings.webhookSecret);
  }
}

function unknownIntentOr(error: unknown, id: string): unknown {
  const missing = error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
  return missing ? new UnknownPaymentIntentError(id) : error;
}

function snapshot(intent: Stripe.PaymentIntent): PaymentIntentSnapshot {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amount: intent.amount,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    metadata: { ...intent.metadata },
  };
}
