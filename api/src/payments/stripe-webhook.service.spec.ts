import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { PaymentsService } from './payments.service';
import { StripePaymentProvider } from './stripe-payment-provider';
import { StripeWebhookService } from './stripe-webhook.service';
import { TestPaymentProvider } from './test-payment-provider';
import { WebhookEvents } from './webhook-events';

const SECRET = 'whsec_test_secret';
const stripeKeys = { secretKey: 'sk_test_123', publishableKey: 'pk_test_123' };

class MemoryEvents extends WebhookEvents {
  readonly seen = new Set<string>();
  async claim(id: string) {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    return true;
  }
  async release(id: string) {
    this.seen.delete(id);
  }
}

function event(id: string, type = 'payment_intent.succeeded') {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object: { id: 'pi_123', object: 'payment_intent', metadata: { orderId: 'o1' } } },
  });
}

const sign = (payload: string, secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

function setup(webhookSecret: string | null = SECRET) {
  const settle = jest.fn<Promise<void>, [unknown]>().mockResolvedValue(undefined);
  const payments = { settleSucceededIntent: settle } as unknown as PaymentsService;
  const events = new MemoryEvents();
  const provider = new StripePaymentProvider({
    ...stripeKeys,
    webhookSecret: webhookSecret ?? undefined,
  });
  return { settle, events, service: new StripeWebhookService(provider, payments, events) };
}

beforeAll(() => Logger.overrideLogger(false));

describe('Stripe webhook', () => {
  it('settles the order of a signed payment_intent.succeeded', async () => {
    const { service, settle } = setup();
    const payload = event('evt_1');
    await service.handle(Buffer.from(payload), sign(payload));
    expect(settle).toHaveBeenCalledWith({ id: 'pi_123', metadata: { orderId: 'o1' } });
  });

  it('refuses a body that was changed after signing', async () => {
    const { service, settle } = setup();
    const signature = sign(event('evt_1'));
    const tampered = event('evt_1').replace('o1', 'o2');
    await expect(service.handle(Buffer.from(tampered), signature)).rejects.toThrow(
      'Invalid Stripe signature',
    );
    expect(settle).not.toHaveBeenCalled();
  });

  it('refuses a signature made with another secret, an old one, or none', async () => {
    const { service } = setup();
    const payload = event('evt_1');
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    await expect(
      service.handle(Buffer.from(payload), sign(payload, 'whsec_other')),
    ).rejects.toMatchObject({ kind: 'invalid' });
    await expect(service.handle(Buffer.from(payload), stale)).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(service.handle(Buffer.from(payload), undefined)).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(service.handle(undefined, sign(payload))).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('applies a redelivered event once', async () => {
    const { service, settle } = setup();
    const payload = event('evt_1');
    await service.handle(Buffer.from(payload), sign(payload));
    await service.handle(Buffer.from(payload), sign(payload));
    expect(settle).toHaveBeenCalledTimes(1);
  });

  it('handles a failed event again on Stripe’s retry', async () => {
    const { service, settle } = setup();
    settle.mockRejectedValueOnce(new Error('database down'));
    const payload = event('evt_1');
    await expect(service.handle(Buffer.from(payload), sign(payload))).rejects.toThrow(
      'database down',
    );
    await service.handle(Buffer.from(payload), sign(payload));
    expect(settle).toHaveBeenCalledTimes(2);
  });

  it('acknowledges other event types without acting', async () => {
    const { service, settle, events } = setup();
    const payload = event('evt_2', 'payment_intent.payment_failed');
    await service.handle(Buffer.from(payload), sign(payload));
    expect(settle).not.toHaveBeenCalled();
    expect(events.seen.size).toBe(0);
  });

  it('is not served without a webhook secret or with the test provider', async () => {
    const payload = event('evt_1');
    await expect(
      setup(null).service.handle(Buffer.from(payload), sign(payload)),
    ).rejects.toMatchObject({ kind: 'notFound' });
    const offline = new StripeWebhookService(
      new TestPaymentProvider(),
      {} as PaymentsService,
      new MemoryEvents(),
    );
    await expect(offline.handle(Buffer.from(payload), sign(payload))).rejects.toMatchObject({
      kind: 'notFound',
    });
  });
});
