import { RuleMessages } from '@toolshop/contracts';
import { Types } from 'mongoose';
import { OrderExpiry } from '../src/orders/order-expiry';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher';
import { OTHER, TestApi } from './support/test-api';

/** Unpaid orders hold stock for a while and per customer only a few at a time. */
const TTL_SECONDS = 3600;
const MAX_UNPAID = 3;

let api: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start({
    UNPAID_ORDER_TTL_SECONDS: String(TTL_SECONDS),
    MAX_UNPAID_ORDERS: String(MAX_UNPAID),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
});
afterAll(async () => {
  await api.stop();
  await smtp.close();
});

const sweepAt = (date: Date) => api.app.get(OrderExpiry).sweep(date);
const later = () => new Date(Date.now() + (TTL_SECONDS + 60) * 1000);
const order = (toolId: string, token: string, orderQuantity = 1) =>
  api.request('POST', '/orders', {
    token,
    body: { toolId, address: '1 Main St', phone: '555-0100', orderQuantity },
  });
/** Pays an order of the customer's with the offline provider's test card. */
async function payWithTestCard(orderId: string) {
  const { clientSecret } = (
    await api.request('POST', '/create-payment-intent', {
      token: api.tokens.customer,
      body: { orderId },
    })
  ).body;
  return api.request('POST', '/payments/test/confirm', {
    body: {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
      billingDetails: {
        email: 'customer@toolshop.test',
        name: 'Casey',
        address: { line1: '1 Main St' },
      },
    },
  });
}
const cancelAll = async (token: string, email: string) => {
  const own = await api.request('GET', `/orders?email=${email}`, { token });
  for (const { _id, paid } of own.body) {
    if (!paid) await api.request('DELETE', `/orders/${_id}`, { token });
  }
};

it('tells the customer until when an unpaid order holds its stock', async () => {
  const toolId = await api.insertTool();
  const before = Date.now();
  const created = await order(toolId, api.tokens.customer);
  const read = await api.request('GET', `/orders/${created.body.insertedId}`, {
    token: api.tokens.customer,
  });
  const until = Date.parse(read.body.reservedUntil);
  expect(until).toBeGreaterThanOrEqual(before + TTL_SECONDS * 1000 - 1000);
  expect(until).toBeLessThanOrEqual(Date.now() + TTL_SECONDS * 1000 + 1000);
  expect(read.body).not.toHaveProperty('unpaidSlot');
  await cancelAll(api.tokens.customer, 'customer@toolshop.test');
});

it('allows at most MAX_UNPAID_ORDERS open unpaid orders per customer, even when they race', async () => {
  const toolId = await api.insertTool({ available: 100 });
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => order(toolId, api.tokens.customer)),
  );
  const created = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(created).toHaveLength(MAX_UNPAID);
  expect(refused).toHaveLength(12 - MAX_UNPAID);
  expect(refused[0]!.body.message).toBe(RuleMessages.tooManyUnpaidOrders);
  // Refused orders took no stock.
  expect(await api.toolStock(toolId)).toBe(100 - MAX_UNPAID);
  // Another customer is not affected.
  expect((await order(toolId, api.tokens.other)).status).toBe(201);

  // Cancelling one frees its place; so does paying one.
  await api.request('DELETE', `/orders/${created[0]!.body.insertedId}`, {
    token: api.tokens.customer,
  });
  expect((await order(toolId, api.tokens.customer)).status).toBe(201);
  expect((await order(toolId, api.tokens.customer)).status).toBe(409);
  await cancelAll(api.tokens.customer, 'customer@toolshop.test');
  await cancelAll(api.tokens.other, OTHER);
});

it('frees the place of an order once it is paid', async () => {
  const toolId = await api.insertTool({ price: 25 });
  const ids: string[] = [];
  for (let i = 0; i < MAX_UNPAID; i++)
    ids.push((await order(toolId, api.tokens.customer)).body.insertedId);
  const paid = await payWithTestCard(ids[0]!);
  expect(paid.body.status).toBe('succeeded');
  const settled = await api.request('GET', `/orders/${ids[0]}`, { token: api.tokens.customer });
  expect(settled.body.paid).toBe(true);
  expect(settled.body).not.toHaveProperty('reservedUntil');
  expect((await order(toolId, api.tokens.customer)).status).toBe(201);
  await cancelAll(api.tokens.customer, 'customer@toolshop.test');
});

it('cancels unpaid orders when their reservation ends, puts the stock back and emails the customer', async () => {
  const toolId = await api.insertTool({ name: 'Hoarded Saw', available: 10 });
  const first = await order(toolId, api.tokens.customer, 5);
  const second = await order(toolId, api.tokens.customer, 5);
  expect(await api.toolStock(toolId)).toBe(0);
  expect((await order(toolId, api.tokens.other)).status).toBe(409);

  // Before the end nothing happens; after it, both are cancelled; two sweeps at once (two API
  // processes) give the stock back once.
  expect(await sweepAt(new Date())).toBe(0);
  const counts = await Promise.all([sweepAt(later()), api.app.get(OrderExpiry).sweep(later())]);
  expect(counts[0]).toBe(2);
  expect(await api.toolStock(toolId)).toBe(10);
  for (const created of [first, second]) {
    const expired = await api.request('GET', `/orders/${created.body.insertedId}`, {
      token: api.tokens.customer,
    });
    expect(expired.body).toMatchObject({ state: 'expired', allowedActions: [] });
  }
  expect((await order(toolId, api.tokens.other, 10)).status).toBe(201);
  // Besides the two "order received" emails (test/order-emails.spec.ts covers them all).
  const expiredMail = (mail: { subject: string }) =>
    mail.subject === 'Your unpaid order of Hoarded Saw has expired';
  const mails = (await smtp.waitFor((all) => all.filter(expiredMail).length >= 2)).filter(
    expiredMail,
  );
  expect(mails).toHaveLength(2);
  expect(mails[0]!.to).toEqual(['customer@toolshop.test']);
  expect(mails[0]!.text).toMatch(/has been cancelled and the tools are back in stock/);
  await cancelAll(api.tokens.other, OTHER);
});

it('settles instead of cancelling an expired order whose payment already succeeded', async () => {
  const toolId = await api.insertTool({ price: 25, available: 10 });
  const orderId = (await order(toolId, api.tokens.customer, 2)).body.insertedId as string;
  await payWithTestCard(orderId);
  // The provider took the money but the shop has not recorded it (a lost webhook, say).
  await api.db.collection('orders').updateOne(
    { _id: new Types.ObjectId(orderId) },
    {
      $set: { state: 'unpaid', paid: false, reservedUntil: new Date(Date.now() - 1000) },
      $unset: { transactionId: 1 },
    },
  );
  expect(await sweepAt(new Date())).toBe(0);
  const settled = await api.request('GET', `/orders/${orderId}`, { token: api.tokens.customer });
  expect(settled.body.paid).toBe(true);
  expect(await api.toolStock(toolId)).toBe(8);
});
