import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PAYABLE_STATUSES,
  PaymentProvider,
  UNCANCELABLE_STATUSES,
  type NewPaymentIntent,
  type NewRefund,
  type PaymentIntentSnapshot,
  type PaymentRefund,
} from './payment-provider';
import { CardDeclinedError, RefundRefusedError, UnknownPaymentIntentError } from './payment-errors';
import { cardOutcome, type CardInput } from './test-cards';
import { MemoryIntentStore, type IntentStore } from './test-payment-intents';

export interface BillingDetails {
  email: string;
  name?: string;
  address: { line1: string };
}

type SucceededListener = (intent: PaymentIntentSnapshot) => Promise<void> | void;

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The embedded default: PaymentIntents confirmed with Stripe's test-card rules, no network. The
 * API keeps them in its database (MongoIntentStore), so every API process knows every intent.
 */
export class TestPaymentProvider extends PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = undefined;
  private readonly succeededListeners: SucceededListener[] = [];

  constructor(
    private readonly intents: IntentStore = new MemoryIntentStore(),
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async createIntent(request: NewPaymentIntent): Promise<PaymentIntentSnapshot> {
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
    return this.intents.create(intent, request.idempotencyKey);
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot> {
    const intent = await this.intents.find(id);
    if (!intent) throw new UnknownPaymentIntentError(id);
    return intent;
  }

  /** Stripe's rule: anything but a succeeded, processing or already canceled intent can be cancelled. */
  async cancelIntent(id: string): Promise<PaymentIntentSnapshot> {
    const intent = await this.intents.change(id, (current) =>
      UNCANCELABLE_STATUSES.has(current.status) ? current : { ...current, status: 'canceled' },
    );
    if (!intent) throw new UnknownPaymentIntentError(id);
    return intent;
  }

  /** Stripe's rules: only a succeeded intent, never more than it received; one refund per key. */
  async refund(request: NewRefund): Promise<PaymentRefund> {
    const key = createHash('sha256').update(request.idempotencyKey).digest('base64url');
    const intent = await this.intents.change(request.paymentIntentId, (current) => {
      if (current.refunds?.[key]) return current;
      if (current.status !== 'succeeded')
        throw new RefundRefusedError(
          `This PaymentIntent (${current.id}) does not have a successful charge to refund.`,
        );
      const refunded = Object.values(current.refunds ?? {}).reduce((sum, r) => sum + r.amount, 0);
      if (request.amount <= 0 || refunded + request.amount > current.amountReceived)
        throw new RefundRefusedError(
          `Refund amount ($${(request.amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((current.amountReceived - refunded) / 100).toFixed(2)})`,
        );
      const refund = {
        id: `re_test_${key.slice(0, 24)}`,
        amount: request.amount,
        status: 'succeeded',
      };
      return { ...current, refunds: { ...current.refunds, [key]: refund } };
    });
    if (!intent) throw new UnknownPaymentIntentError(request.paymentIntentId);
    return intent.refunds![key]!;
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
    const { id } = await this.intentForSecret(clientSecret);
    const snapshot = await this.intents.change(id, (intent) => {
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
      return { ...intent, status: 'succeeded', amountReceived: intent.amount };
    });
    if (!snapshot) throw new UnknownPaymentIntentError(id);
    for (const listener of this.succeededListeners) await listener(snapshot);
    return snapshot;
  }

  private async intentForSecret(clientSecret: string): Promise<PaymentIntentSnapshot> {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = await this.intents.find(id);
    const given = Buffer.from(clientSecret);
    const expected = Buffer.from(intent?.clientSecret ?? '');
    if (!intent || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new UnknownPaymentIntentError(id);
    }
    return intent;
  }
}
