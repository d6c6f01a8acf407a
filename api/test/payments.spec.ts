// Card payments over HTTP: the offline test provider end to end, and the stripe provider against
// a local stand-in of Stripe's API (the SDK's real requests, webhooks signed like Stripe's).
import { Types } from 'mongoose';
import { signWebhook, startStripeStandIn, type StripeStandIn } from '@toolshop/stripe-mock';
import { OTHER, TestApi } from './support/test-api';

const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const billingDetails = {
  email: 'customer@toolshop.test',
  name: 'Casey',
  address: { line1: '1 Main St' },
};

/** An order of 5 tools at $25: $125, i.e. 12500 cents. */
async function placeOrder(api: TestApi, token = api.tokens.customer): Promise<string> {
  const toolId = await api.insertTool({ price: 25, minOrder: 1, available: 50 });
  return api.placeOrder(toolId, token, 5);
}

async function storedOrder(api: TestApi, id: string) {
  return api.db.collection('orders').findOne({ _id: new Types.ObjectId(id) });
}

async function stockOf(api: TestApi, orderId: string) {
  const order = await storedOrder(api, orderId);
  return (await api.db.collection('tools').findOne({ _id: order!.toolId }))?.available;
}

const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

const cancelOrder = (api: TestApi, orderId: string) =>
  api.request('DELETE', `/orders/${orderId}`, { token: api.tokens.customer });

describe('payments with the offline test provider', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start();
  });
  afterAll(() => api.stop());

  const secretFor = async (orderId: string, token = api.tokens.customer) =>
    api.request('POST', '/create-payment-intent', { token, body: { orderId, totalPrice: 1 } });
  const confirm = (clientSecret: string, card = visa) =>
    api.request('POST', '/payments/test/confirm', { body: { clientSecret, card, billingDetails } });

  it('tells the browser to use the test card form', async () => {
    expect((await api.request('GET', '/payments/config')).body).toEqual({ provider: 'test' });
  });

  it('charges the server’s total, not the client’s, and pays the order', async () => {
    const orderId = await placeOrder(api);
    const answer = await secretFor(orderId);
    expect(answer.status).toBe(200);
    const { clientSecret } = answer.body;
    const paid = await confirm(clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');

    // The provider reports the success itself: the order is paid even before the browser's PATCH.
    expect(await storedOrder(api, orderId)).toMatchObject({
      paid: true,
      transactionId: paid.body.id,
    });
    const patch = await api.request('PATCH', `/orders/${orderId}`, {
      token: api.tokens.customer,
      body: { order: orderId, transactionId: paid.body.id },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });

    const shown = await api.request('GET', `/orders/${orderId}`, { token: api.tokens.customer });
    expect(shown.body).toMatchObject({ paid: true, transactionId: paid.body.id });
    expect(shown.body.paymentIntentId).toBeUndefined();
    expect((await secretFor(orderId)).status).toBe(409);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
  ])('refuses card %s with “%s” and leaves the order unpaid', async (number, message) => {
    const orderId = await placeOrder(api);
    const { clientSecret } = (await secretFor(orderId)).body;
    const refused = await confirm(clientSecret, { ...visa, number });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(message);
    expect(await storedOrder(api, orderId)).toMatchObject({ paid: false });
    const patch = await api.request('PATCH', `/orders/${orderId}`, {
      token: api.tokens.customer,
      body: { transactionId: clientSecret.split('_secret_')[0] },
    });
    expect(patch.status).toBe(402);
  });

  it('keeps one intent per order across retries', async () => {
    const orderId = await placeOrder(api);
    const first = (await secretFor(orderId)).body.clientSecret;
    expect((await secretFor(orderId)).body.clientSecret).toBe(first);
  });

  it('refuses another customer’s order and malformed requests', async () => {
    const orderId = await placeOrder(api);
    const otherToken = api.issuer.token({ email: OTHER });
    const foreign = await secretFor(orderId, otherToken);
    const missing = await secretFor('0123456789abcdef01234567', otherToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(
      (await api.request('POST', '/create-payment-intent', { body: { orderId } })).status,
    ).toBe(401);
    expect(
      (
        await api.request('POST', '/create-payment-intent', {
          token: api.tokens.customer,
          body: {},
        })
      ).status,
    ).toBe(400);
    const patch = await api.request('PATCH', `/orders/${orderId}`, {
      token: otherToken,
      body: { transactionId: 'pi_x' },
    });
    expect(patch.status).toBe(404);
    expect(
      (
        await api.request('POST', '/payments/test/confirm', {
          body: { clientSecret: 'pi_test_x_secret_y', card: visa, billingDetails },
        })
      ).status,
    ).toBe(404);
  });

  it('reads the payment’s real state for its owner only: unpaid, refused, paid', async () => {
    const orderId = await placeOrder(api);
    const status = (token = api.tokens.customer, id = orderId) =>
      api.request('GET', `/orders/${id}/payment`, { token });
    expect((await status()).body).toEqual({ state: 'unpaid', paid: false, intentStatus: null });

    const { clientSecret } = (await secretFor(orderId)).body;
    expect((await confirm(clientSecret, { ...visa, number: '4000 0000 0000 0002' })).status).toBe(
      402,
    );
    expect((await status()).body).toEqual({
      state: 'unpaid',
      paid: false,
      intentStatus: 'requires_payment_method',
    });

    const paid = await confirm(clientSecret);
    expect((await status()).body).toEqual({
      state: 'paid',
      paid: true,
      intentStatus: 'succeeded',
      transactionId: paid.body.id,
    });

    const otherToken = api.issuer.token({ email: OTHER });
    const foreign = await status(otherToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual((await status(otherToken, '0123456789abcdef01234567')).body);
    expect((await status(api.tokens.admin)).status).toBe(404);
    expect((await api.request('GET', `/orders/${orderId}/payment`)).status).toBe(401);
    const malformed = await status(api.tokens.customer, 'not-an-id');
    expect(malformed.status).toBe(400);
  });

  it('cancels a started payment with the order, so it can no longer be paid', async () => {
    const orderId = await placeOrder(api);
    const { clientSecret } = (await secretFor(orderId)).body;
    const { toolId } = (await storedOrder(api, orderId))!;
    const stock = await stockOf(api, orderId);
    const answer = await cancelOrder(api, orderId);
    expect(answer.status).toBe(200);
    expect(await storedOrder(api, orderId)).toMatchObject({ state: 'cancelled', paid: false });
    expect((await api.db.collection('tools').findOne({ _id: toolId }))?.available).toBe(stock + 5);
    const late = await confirm(clientSecret);
    expect(late.status).toBe(402);
    expect(late.body.message).toBe(
      'You cannot confirm this PaymentIntent because it has a status of canceled.',
    );
  });

  it('keeps and pays an order whose payment succeeded before the cancel, unrecorded (409)', async () => {
    const orderId = await placeOrder(api);
    const paid = await confirm((await secretFor(orderId)).body.clientSecret);
    expect(paid.body.status).toBe('succeeded');
    // As if neither the provider's report nor the browser's PATCH had been recorded yet.
    await api.db
      .collection('orders')
      .updateOne(
        { _id: new Types.ObjectId(orderId) },
        { $set: { state: 'unpaid', paid: false }, $unset: { transactionId: '' } },
      );
    const stock = await stockOf(api, orderId);

    const answer = await cancelOrder(api, orderId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('This order has already been paid');
    expect(await storedOrder(api, orderId)).toMatchObject({
      paid: true,
      transactionId: paid.body.id,
    });
    expect(await stockOf(api, orderId)).toBe(stock);
  });

  it('serves no webhook without Stripe', async () => {
    const webhook = await api.request('POST', '/payments/webhook', {
      body: {},
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(webhook.status).toBe(404);
  });
});

describe('payments with Stripe (local stand-in of Stripe’s API)', () => {
  const WEBHOOK_SECRET = 'whsec_toolshop_test';
  let api: TestApi;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    api = await TestApi.start({
      STRIPE_SECRET_KEY: 'sk_test_toolshop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_toolshop',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    stripe.options.webhook = { url: `${api.url}/payments/webhook`, secret: WEBHOOK_SECRET };
  });
  afterAll(async () => {
    await api.stop();
    await stripe.stop();
  });

  /** What Stripe.js does in the browser with the client secret. */
  async function confirmInBrowser(clientSecret: string, number = '4242424242424242') {
    const id = clientSecret.split('_secret_')[0];
    const form = new URLSearchParams({
      key: 'pk_test_toolshop',
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[billing_details][email]': billingDetails.email,
      'payment_method_data[billing_details][address][line1]': billingDetails.address.line1,
    });
    const response = await fetch(`${stripe.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      body: form,
    });
    return {
      id,
      status: response.status,
      body: (await response.json()) as { error?: { message: string } },
    };
  }

  async function startPayment(): Promise<{ orderId: string; clientSecret: string }> {
    const orderId = await placeOrder(api);
    const answer = await api.request('POST', '/create-payment-intent', {
      token: api.tokens.customer,
      body: { orderId, totalPrice: 1 },
    });
    expect(answer.status).toBe(200);
    return { orderId, clientSecret: answer.body.clientSecret };
  }

  it('gives the browser the publishable key, and no test-card route', async () => {
    expect((await api.request('GET', '/payments/config')).body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_toolshop',
    });
    expect((await api.request('POST', '/payments/test/confirm', { body: {} })).status).toBe(404);
  });

  it('creates the intent with the server’s amount, the order id and an idempotency key', async () => {
    const { orderId, clientSecret } = await startPayment();
    const created = stripe.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .at(-1);
    expect(created?.params).toEqual({
      amount: '12500',
      currency: 'usd',
      allowed_payment_method_types: { 0: 'card' },
      metadata: { orderId },
    });
    expect(created?.headers['idempotency-key']).toBe(`order-${orderId}-first`);
    expect((await storedOrder(api, orderId))?.paymentIntentId).toBe(
      clientSecret.split('_secret_')[0],
    );
  });

  it('marks paid only after Stripe says the payment succeeded; a repeat changes nothing', async () => {
    stripe.options.webhook = undefined;
    const { orderId, clientSecret } = await startPayment();
    const intentId = clientSecret.split('_secret_')[0];
    const early = await api.request('PATCH', `/orders/${orderId}`, {
      token: api.tokens.customer,
      body: { transactionId: intentId },
    });
    expect(early.status).toBe(402);

    const declined = await confirmInBrowser(clientSecret, '4000000000000002');
    expect(declined.body.error?.message).toBe('Your card was declined.');
    expect((await confirmInBrowser(clientSecret)).status).toBe(200);

    const patch = () =>
      api.request('PATCH', `/orders/${orderId}`, {
        token: api.tokens.customer,
        body: { order: orderId, transactionId: intentId },
      });
    expect((await patch()).body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await patch()).body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    expect(await storedOrder(api, orderId)).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('refuses a paid intent of one order as the payment of another', async () => {
    stripe.options.webhook = undefined;
    const first = await startPayment();
    await confirmInBrowser(first.clientSecret);
    const second = await startPayment();
    const replay = await api.request('PATCH', `/orders/${second.orderId}`, {
      token: api.tokens.customer,
      body: { transactionId: first.clientSecret.split('_secret_')[0] },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This payment does not belong to this order');
    expect(await storedOrder(api, second.orderId)).toMatchObject({ paid: false });
  });

  it('pays the order through the signed webhook when the browser never reports back', async () => {
    stripe.options.webhook = { url: `${api.url}/payments/webhook`, secret: WEBHOOK_SECRET };
    const { orderId, clientSecret } = await startPayment();
    await confirmInBrowser(clientSecret);
    const [delivery] = (await stripe.deliveries()).slice(-1);
    expect(delivery?.status).toBe(200);
    expect(await storedOrder(api, orderId)).toMatchObject({
      paid: true,
      transactionId: clientSecret.split('_secret_')[0],
    });

    // Stripe may deliver the same event again: it is applied once and acknowledged.
    const again = await api.request('POST', '/payments/webhook', {
      rawBody: delivery!.payload,
      headers: { 'stripe-signature': signWebhook(delivery!.payload, WEBHOOK_SECRET) },
    });
    expect(again.status).toBe(200);
    expect(
      await api.db
        .collection('paymentEvents')
        .countDocuments({ _id: JSON.parse(delivery!.payload).id }),
    ).toBe(1);
  });

  it('refuses a webhook whose body does not match its signature', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_x', metadata: {} } },
    });
    const forged = await api.request('POST', '/payments/webhook', {
      rawBody: payload.replace('pi_x', 'pi_y'),
      headers: { 'stripe-signature': signWebhook(payload, WEBHOOK_SECRET) },
    });
    expect(forged.status).toBe(400);
    const unsigned = await api.request('POST', '/payments/webhook', { rawBody: payload });
    expect(unsigned.status).toBe(400);
  });

  it('cancels the Stripe PaymentIntent before cancelling the order', async () => {
    stripe.options.webhook = undefined;
    const { orderId, clientSecret } = await startPayment();
    const intentId = intentOf(clientSecret);
    expect((await cancelOrder(api, orderId)).status).toBe(200);
    expect(
      stripe.requests.some(
        (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`,
      ),
    ).toBe(true);
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(await storedOrder(api, orderId)).toMatchObject({ state: 'cancelled' });
    expect((await confirmInBrowser(clientSecret)).status).toBe(400);
  });

  it('answers 409 and pays the order when the Stripe payment succeeded before the cancel', async () => {
    stripe.options.webhook = undefined;
    const { orderId, clientSecret } = await startPayment();
    expect((await confirmInBrowser(clientSecret)).status).toBe(200);
    const answer = await cancelOrder(api, orderId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('This order has already been paid');
    expect(await storedOrder(api, orderId)).toMatchObject({
      paid: true,
      transactionId: clientSecret.split('_secret_')[0],
    });
  });

  it('reads the state from Stripe: processing, then a success nobody reported is recorded', async () => {
    stripe.options.webhook = undefined;
    const { orderId, clientSecret } = await startPayment();
    const intentId = intentOf(clientSecret);
    const status = async () =>
      (await api.request('GET', `/orders/${orderId}/payment`, { token: api.tokens.customer })).body;
    expect(await status()).toEqual({
      state: 'unpaid',
      paid: false,
      intentStatus: 'requires_payment_method',
    });

    stripe.intents.get(intentId).status = 'processing';
    expect(await status()).toEqual({
      state: 'processing',
      paid: false,
      intentStatus: 'processing',
    });
    stripe.intents.get(intentId).status = 'requires_payment_method';

    // Charged, but the browser's report and the webhook were both lost: the check records it.
    expect((await confirmInBrowser(clientSecret)).status).toBe(200);
    expect(await storedOrder(api, orderId)).toMatchObject({ paid: false });
    expect(await status()).toEqual({
      state: 'paid',
      paid: true,
      intentStatus: 'succeeded',
      transactionId: intentId,
    });
    expect(await storedOrder(api, orderId)).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('keeps an order whose Stripe payment is processing (409)', async () => {
    const { orderId, clientSecret } = await startPayment();
    stripe.intents.get(intentOf(clientSecret)).status = 'processing';
    const answer = await cancelOrder(api, orderId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('A payment for this order is being processed');
    expect(await storedOrder(api, orderId)).toMatchObject({ paid: false });
  });
});
