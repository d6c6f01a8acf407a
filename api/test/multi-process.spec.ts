// Several API processes (api/dist/main.js, as deployed) on one database: what must stay exactly
// right when a load balancer spreads the calls over them (a stale api/dist is rebuilt first).
import { Types } from 'mongoose';
import { signWebhook, startStripeStandIn, type StripeStandIn } from '@toolshop/stripe-mock';
import { ApiProcesses } from './support/api-processes';
import { awayFromWindowEnd } from './support/rate-limit-window';

const INSTANCES = 3;
const order = { address: '1 Main St', phone: '555-0100', orderQuantity: 1 };

describe(`${INSTANCES} API processes on one database`, () => {
  let apis: ApiProcesses;
  beforeAll(async () => {
    apis = await ApiProcesses.start(INSTANCES);
  }, 240_000);
  afterAll(() => apis?.stop());

  async function insertTool(available: number): Promise<string> {
    const { insertedId } = await apis.db.collection('tools').insertOne({
      name: 'Shared Drill',
      img: 'http://localhost/images/cordless-drill.webp',
      shortDescription: 'One stock, many processes',
      minOrder: 1,
      available,
      price: 25,
    });
    return String(insertedId);
  }

  const stockOf = async (toolId: string) =>
    (await apis.db.collection('tools').findOne({ _id: new Types.ObjectId(toolId) }))?.available;
  const holdsOf = async (toolId: string) =>
    (await apis.db.collection('tools').findOne({ _id: new Types.ObjectId(toolId) }))?.holds ?? {};

  it('sells a stock of 10 exactly once to 50 simultaneous orders spread over the processes', async () => {
    const toolId = await insertTool(10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        apis.request(i, 'POST', '/orders', {
          token: apis.tokens.customer,
          body: { ...order, toolId },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await stockOf(toolId)).toBe(0);
    expect(
      await apis.db.collection('orders').countDocuments({ toolId: new Types.ObjectId(toolId) }),
    ).toBe(10);
    // Every order ended its stock hold: nothing is left for a sweep to give back later.
    expect(await holdsOf(toolId)).toEqual({});
  });

  it('gives stock back exactly once when the same order is cancelled on every process at once', async () => {
    const toolId = await insertTool(5);
    const placed = await apis.request(0, 'POST', '/orders', {
      token: apis.tokens.customer,
      body: { ...order, toolId, orderQuantity: 2 },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    const cancels = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        apis.request(i, 'DELETE', `/orders/${id}`, { token: apis.tokens.customer }),
      ),
    );
    expect(cancels.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(cancels.filter((answer) => answer.status !== 200).map((a) => a.status)).toEqual(
      Array(8).fill(409),
    );
    expect(await stockOf(toolId)).toBe(5);
    expect(await holdsOf(toolId)).toEqual({});
  });

  it('settles cancel racing pay on two processes one way: paid and kept, or cancelled and unpayable', async () => {
    const toolId = await insertTool(50);
    const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
    const billingDetails = { email: 'customer@toolshop.test', address: { line1: '1 Main St' } };
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const placed = await apis.request(round, 'POST', '/orders', {
        token: apis.tokens.customer,
        body: { ...order, toolId },
      });
      const id = placed.body.insertedId as string;
      // The intent is created on one process, then paid on a second while a third cancels.
      const intent = await apis.request(round, 'POST', '/create-payment-intent', {
        token: apis.tokens.customer,
        body: { orderId: id, totalPrice: 1 },
      });
      expect(intent.status).toBe(200);
      const [paid, cancelled] = await Promise.all([
        apis.request(round + 1, 'POST', '/payments/test/confirm', {
          body: { clientSecret: intent.body.clientSecret, card: visa, billingDetails },
        }),
        apis.request(round + 2, 'DELETE', `/orders/${id}`, { token: apis.tokens.customer }),
      ]);
      const stored = await apis.db.collection('orders').findOne({ _id: new Types.ObjectId(id) });
      if (paid.status === 200) {
        expect(cancelled.status).toBe(409);
        expect(stored).toMatchObject({ paid: true, transactionId: paid.body.id });
        outcomes.add('paid');
      } else {
        expect([paid.status, paid.body.message]).toEqual([
          402,
          'You cannot confirm this PaymentIntent because it has a status of canceled.',
        ]);
        expect(cancelled.status).toBe(200);
        expect(stored).toMatchObject({ state: 'cancelled', paid: false });
        outcomes.add('cancelled');
      }
    }
    // Every order was either sold (paid) or back in stock, never both or neither.
    const paidCount = await apis.db
      .collection('orders')
      .countDocuments({ toolId: new Types.ObjectId(toolId), paid: true });
    expect(await stockOf(toolId)).toBe(50 - paidCount);
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('places one order for a retried POST /orders with the same Idempotency-Key, on any process', async () => {
    const toolId = await insertTool(20);
    const send = (instance: number, key: string, body: object = { ...order, toolId }) =>
      apis.request(instance, 'POST', '/orders', {
        token: apis.tokens.customer,
        headers: { 'Idempotency-Key': key },
        body,
      });
    const first = await send(0, 'order-attempt-0001');
    expect(first.status).toBe(201);
    for (const instance of [1, 2, 0]) {
      const retry = await send(instance, 'order-attempt-0001');
      expect([retry.status, retry.body]).toEqual([201, first.body]);
    }
    // A burst of the same attempt on every process at once: one order, the others its answer or 409.
    const burst = await Promise.all([0, 1, 2, 0, 1, 2].map((i) => send(i, 'order-attempt-0002')));
    const created = burst.filter((answer) => answer.status === 201);
    expect(new Set(created.map((answer) => answer.body.insertedId)).size).toBe(1);
    expect(burst.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(
      await apis.db.collection('orders').countDocuments({ toolId: new Types.ObjectId(toolId) }),
    ).toBe(2);
    expect(await stockOf(toolId)).toBe(18);

    const otherBody = await send(1, 'order-attempt-0001', { ...order, toolId, orderQuantity: 2 });
    expect(otherBody.status).toBe(422);
    expect((await send(2, 'no')).status).toBe(400);
  });
});

describe('rate limits with 2 API processes', () => {
  let apis: ApiProcesses;
  beforeAll(async () => {
    apis = await ApiProcesses.start(2, { RATE_LIMIT_SUGGESTIONS: '4' });
  }, 240_000);
  afterAll(() => apis?.stop());

  it('counts one limit for all processes, not one per process', async () => {
    await awayFromWindowEnd();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await apis.request(i, 'POST', '/suggestions', {
        body: { email: 'Sam', opinion: `Idea ${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
  }, 120_000);
});

describe('Stripe webhooks with 3 API processes', () => {
  const WEBHOOK_SECRET = 'whsec_toolshop_test';
  let apis: ApiProcesses;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    apis = await ApiProcesses.start(INSTANCES, {
      STRIPE_SECRET_KEY: 'sk_test_toolshop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_toolshop',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    stripe.options.webhook = {
      url: `${apis.instances[0]!.url}/payments/webhook`,
      secret: WEBHOOK_SECRET,
    };
  }, 240_000);
  afterAll(async () => {
    await apis?.stop();
    await stripe?.stop();
  });

  it('applies every event of a payment once, delivered three times out of order to different processes', async () => {
    const { insertedId: toolId } = await apis.db.collection('tools').insertOne({
      name: 'Webhook Saw',
      img: 'http://localhost/images/cordless-drill.webp',
      shortDescription: 'Paid through webhooks',
      minOrder: 1,
      available: 5,
      price: 25,
    });
    const placed = await apis.request(0, 'POST', '/orders', {
      token: apis.tokens.customer,
      body: { ...order, toolId: String(toolId) },
    });
    const orderId = placed.body.insertedId as string;
    const intent = await apis.request(1, 'POST', '/create-payment-intent', {
      token: apis.tokens.customer,
      body: { orderId, totalPrice: 1 },
    });
    const clientSecret = intent.body.clientSecret as string;
    const intentId = clientSecret.split('_secret_')[0]!;
    const before = (await stripe.deliveries()).length;
    // What Stripe.js does in the browser; Stripe then sends the payment's events (first delivery).
    const confirmed = await fetch(`${stripe.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: 'pk_test_toolshop',
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
        'payment_method_data[billing_details][email]': 'customer@toolshop.test',
        'payment_method_data[billing_details][address][line1]': '1 Main St',
      }),
    });
    expect(confirmed.status).toBe(200);
    const events = (await stripe.deliveries()).slice(before);
    expect(events.length).toBeGreaterThan(0);

    // Two more deliveries of every event, newest first, at once, to the other processes.
    const again = await Promise.all(
      [...events, ...events].reverse().map((event, i) =>
        apis.request(1 + (i % 2), 'POST', '/payments/webhook', {
          rawBody: event.payload,
          headers: { 'stripe-signature': signWebhook(event.payload, WEBHOOK_SECRET) },
        }),
      ),
    );
    expect(events.map((event) => event.status).concat(again.map((a) => a.status))).toEqual(
      Array(events.length * 3).fill(200),
    );
    const stored = await apis.db.collection('orders').findOne({ _id: new Types.ObjectId(orderId) });
    expect(stored).toMatchObject({ paid: true, transactionId: intentId });
    for (const event of events) {
      const id = (JSON.parse(event.payload) as { id: string }).id;
      expect(await apis.db.collection('paymentEvents').countDocuments({ _id: id as never })).toBe(
        1,
      );
    }
    expect((await apis.db.collection('tools').findOne({ _id: toolId }))?.available).toBe(4);
  });
});
