import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PAYABLE_STATUSES,
  PaymentProvider,
  UNCANCELABLE_STATUSES,
  type NewPaymentIntent,
  type PaymentIntentSnapshot,
} from './payment-provider';
import { CardDeclinedError, UnknownPaymentIntentError } from './payment-errors';
import { cardOutcome, type CardInput } from './test-cards';

export interface BillingDetails {
  email: string;
  name?: string;
  address: { line1: string };
}

type SucceededListener = (intent: PaymentIntentSnapshot) => Promise<void> | void;

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The embedded default: PaymentIntents kept in memory and confirmed with Stripe's test-card
 * rules, no network. Intents do not survive a restart; the shop then simply creates a new one.
 */
export class TestPaymentProvider extends PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = undefined;
  private readonly intents = new Map<string, PaymentIntentSnapshot>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly succeededListeners: SucceededListener[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {
    super();
  }

  async createIntent(request: NewPaymentIntent): Promise<PaymentIntentSnapshot> {
    const existingId = this.byIdempotencyKey.get(request.idempotencyKey);
    if (existingId) return this.retrieveIntent(existingId);
    const id = `pi_test_${token(12)}`;
    const intent: PaymentIntentSnapshot = {
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      status: 'requires_payment_method',
      amount: request.amount,
      amountReceived: 0,
      currency: request.currency,
      metadata: { orderId: request.orderId },
    };
    this.intents.set(id, intent);
    this.byIdempotencyKey.set(request.idempotencyKey, id);
    return { ...intent };
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot> {
    const intent = this.intents.get(id);
    if (!intent) throw new UnknownPaymentIntentError(id);
    return { ...intent, metadata: { ...intent.metadata } };
  }

  /** Stripe's rule: anything but a succeeded, processing or already canceled intent can be cancelled. */
  async cancelIntent(id: string): Promise<PaymentIntentSnapshot> {
    const intent = this.intents.get(id);
    if (!intent) throw new UnknownPaymentIntentError(id);
    if (!UNCANCELABLE_STATUSES.has(intent.status)) intent.status = 'canceled';
    return this.retrieveIntent(id);
  }

  /** Called once the server has settled a payment, like a Stripe webhook. */
  onSucceeded(listener: SucceededListener): void {
    this.succeededListeners.push(listener);
  }

  /**
   * What Stripe.js's confirmCardPayment does against Stripe: the client secret is the only
   * credential. Throws CardDeclinedError with Stripe's message when the card is refused.
   */
  async confirmCardPayment(
    clientSecret: string,
    card: CardInput,
    billing: BillingDetails,
  ): Promise<PaymentIntentSnapshot> {
    const intent = this.intentForSecret(clientSecret);
    if (!PAYABLE_STATUSES.has(intent.status)) {
      throw new CardDeclinedError({
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    if (!billing.email.trim() || !billing.address.line1.trim()) {
      throw new CardDeclinedError({
        code: 'parameter_missing',
        message: 'Billing email and address are required.',
      });
    }
    const error = cardOutcome(card, this.now());
    if (error) throw new CardDeclinedError(error);

    intent.status = 'succeeded';
    intent.amountReceived = intent.amount;
    const snapshot = await this.retrieveIntent(intent.id);
    for (const listener of this.succeededListeners) await listener(snapshot);
    return snapshot;
  }

  private intentForSecret(clientSecret: string): PaymentIntentSnapshot {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = this.intents.get(id);
    const given = Buffer.from(clientSecret);
    const expected = Buffer.from(intent?.clientSecret ?? '');
    if (!intent || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new UnknownPaymentIntentError(id);
    }
    return intent;
  }
}
