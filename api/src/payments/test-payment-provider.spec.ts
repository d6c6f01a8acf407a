import { CardDeclinedError, UnknownPaymentIntentError } from './payment-errors';
import { TestPaymentProvider } from './test-payment-provider';

const billing = { email: 'ann@example.com', address: { line1: '1 Main St' } };
const visa = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
const request = {
  orderId: 'o1',
  amount: 12_500,
  currency: 'usd' as const,
  idempotencyKey: 'order-o1-first',
};

describe('TestPaymentProvider', () => {
  it('creates one intent per idempotency key', async () => {
    const provider = new TestPaymentProvider();
    const first = await provider.createIntent(request);
    const again = await provider.createIntent(request);
    const other = await provider.createIntent({ ...request, idempotencyKey: 'order-o1-pi_x' });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect(first).toMatchObject({
      status: 'requires_payment_method',
      amount: 12_500,
      amountReceived: 0,
    });
    expect(first.metadata).toEqual({ orderId: 'o1' });
    expect(first.clientSecret.startsWith(`${first.id}_secret_`)).toBe(true);
  });

  it('takes the money for a good card and tells its listeners', async () => {
    const provider = new TestPaymentProvider();
    const heard: string[] = [];
    provider.onSucceeded((intent) => void heard.push(intent.id));
    const intent = await provider.createIntent(request);
    const paid = await provider.confirmCardPayment(intent.clientSecret, visa, billing);
    expect(paid).toMatchObject({ id: intent.id, status: 'succeeded', amountReceived: 12_500 });
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded' });
    expect(heard).toEqual([intent.id]);
  });

  it('keeps a declined intent payable and reports Stripe’s message', async () => {
    const provider = new TestPaymentProvider();
    const intent = await provider.createIntent(request);
    const declined = provider.confirmCardPayment(
      intent.clientSecret,
      { ...visa, number: '4000000000000002' },
      billing,
    );
    await expect(declined).rejects.toThrow(
      new CardDeclinedError({ code: 'card_declined', message: 'Your card was declined.' }),
    );
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
    });
    await expect(
      provider.confirmCardPayment(intent.clientSecret, visa, billing),
    ).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('refuses a second confirmation and a wrong client secret', async () => {
    const provider = new TestPaymentProvider();
    const intent = await provider.createIntent(request);
    await provider.confirmCardPayment(intent.clientSecret, visa, billing);
    await expect(provider.confirmCardPayment(intent.clientSecret, visa, billing)).rejects.toThrow(
      /status of succeeded/,
    );
    await expect(
      provider.confirmCardPayment(`${intent.id}_secret_guess`, visa, billing),
    ).rejects.toBeInstanceOf(UnknownPaymentIntentError);
    await expect(provider.retrieveIntent('pi_test_unknown')).rejects.toBeInstanceOf(
      UnknownPaymentIntentError,
    );
  });

  it('needs the billing email and address', async () => {
    const provider = new TestPaymentProvider();
    const intent = await provider.createIntent(request);
    await expect(
      provider.confirmCardPayment(intent.clientSecret, visa, {
        email: 'ann@example.com',
        address: { line1: ' ' },
      }),
    ).rejects.toThrow('Billing email and address are required.');
  });

  it('cancels an intent that has not taken money, after which no card can pay it', async () => {
    const provider = new TestPaymentProvider();
    const intent = await provider.createIntent(request);
    expect(await provider.cancelIntent(intent.id)).toMatchObject({ status: 'canceled' });
    await expect(provider.confirmCardPayment(intent.clientSecret, visa, billing)).rejects.toThrow(
      'You cannot confirm this PaymentIntent because it has a status of canceled.',
    );
    await expect(provider.cancelIntent('pi_test_unknown')).rejects.toBeInstanceOf(
      UnknownPaymentIntentError,
    );
  });

  it('does not cancel a succeeded intent and reports its state instead', async () => {
    const provider = new TestPaymentProvider();
    const intent = await provider.createIntent(request);
    await provider.confirmCardPayment(intent.clientSecret, visa, billing);
    expect(await provider.cancelIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 12_500,
    });
  });
});
