// The order emails a customer keeps (order placed, payment receipt, shipped, about to expire,
// expired), queued in the database's outbox and sent by its worker over real SMTP, with retries.
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { loadConfig } from '../src/config/config';
import { OrderExpiry } from '../src/orders/order-expiry';
import { Order } from '../src/orders/order.schema';
import { OutboxWorker } from '../src/mail/outbox-worker';
import { CUSTOMER, TestApi } from './support/test-api';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from './support/smtp-catcher';

const TTL_SECONDS = 3600;
const REMINDER_SECONDS = 600;

let smtp: SmtpCatcher;
let api: TestApi;
const env = () => ({
  SMTP_URL: smtp.url,
  UNPAID_ORDER_TTL_SECONDS: String(TTL_SECONDS),
  UNPAID_ORDER_REMINDER_SECONDS: String(REMINDER_SECONDS),
  OUTBOX_POLL_MS: '200',
  OUTBOX_RETRY_BASE_MS: '100',
  OUTBOX_MAX_ATTEMPTS: '3',
  SHOP_URL: 'https://shop.example',
});
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  api = await TestApi.start(env());
});
afterAll(async () => {
  await api.stop();
  await smtp.close();
});

let toolCount = 0;
/** A tool with a name no other test uses, and an order of 2 of it ($25 each). */
async function placeOrder(name = `Mail Drill ${++toolCount}`) {
  const toolId = await api.insertTool({ name, price: 25, minOrder: 1, available: 50 });
  return { id: await api.placeOrder(toolId, api.tokens.customer, 2), name };
}
const about = (name: string) => (mails: CaughtMail[]) =>
  mails.filter((mail) => mail.subject.includes(name));
interface StoredMail {
  _id: string;
  status: string;
  attempts: number;
  lastError?: string;
}
const outbox = () => api.db.collection<StoredMail>('outbox');

/** The outbox's record of `key` once it has this status (the worker writes it after SMTP answers). */
async function storedAs(key: string, status: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = await outbox().findOne({ _id: key });
    if (stored?.status === status || Date.now() > deadline) return stored;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('emails the customer when an order is placed, paid and shipped: text and HTML parts', async () => {
  const { id, name } = await placeOrder('Mail Drill <b>&</b>');
  const transactionId = await api.payByCard(id);
  const approved = await api.request('PATCH', `/adminOrders/${id}`, {
    token: api.tokens.admin,
    body: { carrier: 'DHL & Co', trackingNumber: 'JD0146 0000' },
  });
  expect(approved.status).toBe(200);

  const mails = about(name)(await smtp.waitFor((all) => about(name)(all).length >= 3));
  expect(mails.map((mail) => mail.subject)).toEqual([
    `Order received: 2 × ${name}`,
    `Payment receipt: 2 × ${name}`,
    `Your order of ${name} has shipped`,
  ]);
  for (const mail of mails) {
    expect(mail.to).toEqual([CUSTOMER]);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.text).toContain(`2 × ${name}`);
    // The HTML part escapes what admins and customers typed.
    expect(mail.html).toContain('2 × Mail Drill &#60;b&#62;&#38;&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>&</b>');
    expect(mail.text).toContain(id);
  }
  const [placed, receipt, shipped] = mails as [CaughtMail, CaughtMail, CaughtMail];
  // Each links to the order on the shop's public origin: the unpaid one to its payment page.
  expect(placed.text).toContain(`Pay for your order: https://shop.example/dashboard/payment/${id}`);
  expect(placed.html).toContain(`href="https://shop.example/dashboard/payment/${id}"`);
  for (const mail of [receipt, shipped])
    expect(mail.text).toContain('View your order: https://shop.example/dashboard/myOrders');
  // One layout: the logo, the shop's address in the footer, in both parts.
  for (const mail of mails) {
    expect(mail.html).toContain('>Toolshop</span>');
    expect(mail.html).toContain('42 Foundry Lane');
    expect(mail.text).toContain('42 Foundry Lane');
  }
  expect(placed.text).toMatch(
    /for \$50\.[\s\S]*reserved for you until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/,
  );
  expect(receipt.text).toContain('Amount paid: $50');
  expect(receipt.text).toContain(`Transaction id: ${transactionId}`);
  expect(receipt.html).toContain(`<code>${transactionId}</code>`);
  expect(shipped.text).toContain('Carrier: DHL & Co');
  expect(shipped.text).toContain('Tracking number: JD0146 0000');
  expect(shipped.html).toContain('<strong>DHL &#38; Co</strong>');

  // Approving again sends no second shipping email.
  await api.request('PATCH', `/adminOrders/${id}`, { token: api.tokens.admin, body: {} });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(about(name)(smtp.mails)).toHaveLength(3);
  expect(
    await outbox().countDocuments({
      _id: { $in: [`placed:${id}`, `paid:${id}`, `shipped:${id}`] },
      status: 'sent',
    }),
  ).toBe(3);
});

it('queues the "order received" email from the order it saved, without reading the order back', async () => {
  const orders = api.app.get<Model<Order>>(getModelToken(Order.name));
  const reads = jest.spyOn(orders, 'findById');
  try {
    const { id, name } = await placeOrder();
    expect(reads).not.toHaveBeenCalled();
    const mails = about(name)(await smtp.waitFor((all) => about(name)(all).length >= 1));
    expect(mails.map((mail) => mail.subject)).toEqual([`Order received: 2 × ${name}`]);
    expect(mails[0]?.text).toContain(id);
  } finally {
    reads.mockRestore();
  }
});

it('retries a refused email with backoff, never failing or delaying the request', async () => {
  smtp.refuse = 2;
  const refusedBefore = smtp.refused;
  const started = Date.now();
  const { id, name } = await placeOrder();
  // The order is placed whatever the mail server says; the email arrives on the third attempt.
  const mails = await smtp.waitFor((all) => about(name)(all).length === 1);
  expect(about(name)(mails)[0]!.subject).toBe(`Order received: 2 × ${name}`);
  expect(smtp.refused - refusedBefore).toBe(2);
  const stored = await storedAs(`placed:${id}`, 'sent');
  expect(stored).toMatchObject({ status: 'sent', attempts: 3 });
  expect(stored?.lastError).toBeUndefined();
  // Two waits of 100 ms and 200 ms (± 20 %) at least.
  expect(Date.now() - started).toBeGreaterThanOrEqual(200);
});

it('gives up after OUTBOX_MAX_ATTEMPTS and keeps the reason', async () => {
  smtp.refuse = 3;
  const { id } = await placeOrder();
  const stored = await storedAs(`placed:${id}`, 'failed');
  expect(stored).toMatchObject({
    status: 'failed',
    attempts: 3,
    lastError: expect.stringMatching(/451/),
  });
  expect(smtp.refuse).toBe(0);
});

it('warns once before an unpaid order expires, then tells the customer it has expired', async () => {
  const { id, name } = await placeOrder();
  const { number } = (await api.request('GET', `/orders/${id}`, { token: api.tokens.customer }))
    .body;
  const placedAt = Date.now();
  const sweepAt = (secondsAfterPlacing: number) =>
    api.app.get(OrderExpiry).sweep(new Date(placedAt + secondsAfterPlacing * 1000));

  await sweepAt(TTL_SECONDS - REMINDER_SECONDS - 60); // not yet
  await sweepAt(TTL_SECONDS - REMINDER_SECONDS + 60);
  await sweepAt(TTL_SECONDS - 60); // again: no second reminder
  const reminders = about(name)(await smtp.waitFor((all) => about(name)(all).length >= 2));
  expect(reminders.map((mail) => mail.subject)).toEqual([
    `Order received: 2 × ${name}`,
    `Your unpaid order of ${name} expires soon`,
  ]);
  expect(reminders[1]!.text).toMatch(/reserved for you until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
  expect(await outbox().countDocuments({ _id: `expiring:${id}` })).toBe(1);

  expect(await sweepAt(TTL_SECONDS + 60)).toBeGreaterThanOrEqual(1);
  const all = about(name)(await smtp.waitFor((mails) => about(name)(mails).length >= 3));
  expect(all[2]!.subject).toBe(`Your unpaid order of ${name} has expired`);
  expect(all[2]!.text).toContain('has been cancelled and the tools are back in stock');
  expect(all[2]!.text).toContain(`Order number: ${number}`);
  expect(all[2]!.html).toMatch(/<p[ >]/);
  const expired = await api.request('GET', `/orders/${id}`, { token: api.tokens.customer });
  expect(expired.body.state).toBe('expired');
  expect(expired.body.timeline.at(-1)).toMatchObject({ event: 'expired', by: 'system' });
});

it('validates the outbox settings at boot', () => {
  const base = { MONGODB_URI: 'mongodb://127.0.0.1:27017/x' };
  expect(loadConfig(base)).toMatchObject({
    outbox: { pollMs: 5000, retryBaseMs: 30_000, maxAttempts: 8, placedHoldMs: 120_000 },
    unpaidOrderReminderSeconds: 3600,
  });
  expect(() => loadConfig({ ...base, OUTBOX_MAX_ATTEMPTS: '0' })).toThrow(
    /OUTBOX_MAX_ATTEMPTS must be/,
  );
  expect(() => loadConfig({ ...base, UNPAID_ORDER_REMINDER_SECONDS: '-1' })).toThrow(
    /UNPAID_ORDER_REMINDER_SECONDS must be/,
  );
});

/** `count` emails due now, queued straight into the outbox (of `into`); answers their keys. */
async function queueDue(name: string, count: number, into = api): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) => `${name}:${i}:${Date.now()}`);
  await into.db.collection<StoredMail>('outbox').insertMany(
    keys.map((key) => ({
      _id: key,
      to: CUSTOMER,
      subject: `${name[0]!.toUpperCase()}${name.slice(1)} ${key}`,
      text: 'x',
      html: '<p>x</p>',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      createdAt: new Date(),
    })),
  );
  return keys;
}

it('sends a round of emails under one lease of the outbox, not a lease per email', async () => {
  const leases = jest.spyOn(api.db.collection('locks'), 'insertOne');
  try {
    const keys = await queueDue('batch', 5);
    await api.app.get(OutboxWorker).drain();
    for (const key of keys) expect((await storedAs(key, 'sent'))?.status).toBe('sent');
    const taken = leases.mock.calls.map(([lease]) => String(lease._id));
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.every((key) => key === 'outbox')).toBe(true);
  } finally {
    leases.mockRestore();
  }
});

// Last: a second app in this process replaces the cached signing key, so the first app's tokens stop working.
it('works off a backlog larger than a round at once, not a round per poll, even one queued during a round', async () => {
  const patient = await TestApi.start({ ...env(), OUTBOX_POLL_MS: '600000' });
  try {
    const worker = patient.app.get(OutboxWorker);
    await queueDue('backlog', 45, patient);
    // A round reading at an earlier time sees none of them, as one that read just before they were
    // queued (the worker's first round at boot, say); draining must not end with that round, nor
    // with another such round that was waiting as well.
    const running = worker.drain(new Date(0));
    const waiting = worker.drain(new Date(0));
    await worker.drain();
    await Promise.all([running, waiting]);
    const backlog = (all: CaughtMail[]) =>
      all.filter((mail) => mail.subject.startsWith('Backlog '));
    expect(backlog(await smtp.waitFor((all) => backlog(all).length >= 45, 15_000))).toHaveLength(
      45,
    );
  } finally {
    await patient.stop();
  }
});

it('sends each email once when two API processes work the same outbox', async () => {
  const second = await TestApi.start({ ...env(), MONGODB_DB: api.db.name });
  try {
    const keys = await queueDue('race', 12);
    await Promise.all([
      api.app.get(OutboxWorker).drain(),
      second.app.get(OutboxWorker).drain(),
      api.app.get(OutboxWorker).drain(),
      second.app.get(OutboxWorker).drain(),
    ]);
    await smtp.waitFor(
      (all) => all.filter((mail) => mail.subject.startsWith('Race race:')).length >= 12,
    );
    await new Promise((resolve) => setTimeout(resolve, 600)); // later rounds of both workers
    const subjects = smtp.mails
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith('Race race:'));
    expect(subjects.sort()).toEqual(keys.map((key) => `Race ${key}`).sort());
    expect(await outbox().countDocuments({ _id: { $in: keys }, status: 'sent', attempts: 1 })).toBe(
      12,
    );
  } finally {
    await second.app.close();
    await second.issuer.stop();
  }
});

it('sends no reminder for an order held for less than the reminder time', async () => {
  const short = await TestApi.start({ ...env(), UNPAID_ORDER_TTL_SECONDS: '300' });
  try {
    const toolId = await short.insertTool({ name: 'Short Hold Saw', available: 5 });
    await short.placeOrder(toolId);
    await short.app.get(OrderExpiry).sweep(new Date(Date.now() + 200_000));
    expect(
      await short.db
        .collection<StoredMail>('outbox')
        .countDocuments({ _id: { $regex: '^expiring:' } }),
    ).toBe(0);
  } finally {
    await short.stop();
  }
});

describe('an order paid soon after it is placed', () => {
  const HOLD_MS = 1500;
  let held: TestApi;
  beforeAll(async () => {
    held = await TestApi.start({ ...env(), OUTBOX_PLACED_HOLD_MS: String(HOLD_MS) });
  });
  afterAll(() => held.stop());

  async function heldOrder() {
    const name = `Held Drill ${++toolCount}`;
    const toolId = await held.insertTool({ name, price: 25, minOrder: 1, available: 50 });
    return { id: await held.placeOrder(toolId, held.tokens.customer, 2), name };
  }
  const heldOutbox = () => held.db.collection<StoredMail>('outbox');
  /** A worker round as if the hold were over. */
  const afterHold = () => held.app.get(OutboxWorker).drain(new Date(Date.now() + HOLD_MS + 1000));

  it('gets one email, the receipt, not "order received" as well', async () => {
    const { id, name } = await heldOrder();
    await held.payByCard(id);
    await afterHold();
    const mails = about(name)(await smtp.waitFor((all) => about(name)(all).length >= 1));
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS + 500)); // the hold is over
    await afterHold();
    expect(about(name)(smtp.mails).map((mail) => mail.subject)).toEqual([
      `Payment receipt: 2 × ${name}`,
    ]);
    expect(mails[0]!.text).toContain('2 × ' + name);
    expect(await heldOutbox().findOne({ _id: `placed:${id}` })).toMatchObject({
      status: 'superseded',
      attempts: 0,
    });
  });

  it('gets both when it is paid after the "order received" email went out', async () => {
    const { id, name } = await heldOrder();
    await afterHold();
    await smtp.waitFor((all) => about(name)(all).length >= 1);
    await held.payByCard(id);
    const mails = about(name)(await smtp.waitFor((all) => about(name)(all).length >= 2));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order received: 2 × ${name}`,
      `Payment receipt: 2 × ${name}`,
    ]);
  });
});
