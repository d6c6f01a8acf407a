// Order numbers: every order gets a short human number (TS-100234) in the insert that creates it,
// unique across processes (an atomic $inc on one counter + a unique index on orders.number, both
// checked here on FerretDB v2 with several connections); the admins find an order by it.
import { formatOrderNumber, type Order } from '@toolshop/contracts';
import mongoose, { Types, type Connection } from 'mongoose';
import { ORDER_NUMBER_COUNTER, takeSequenceIn } from '../src/orders/order-numbers';
import { CUSTOMER, TestApi } from './support/test-api';
import { startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher';

let api: TestApi;
let toolId: string;
let others: Connection[];
let smtp: SmtpCatcher;
beforeAll(async () => {
  // Mail on: the outbox queues the emails only when it can send them.
  smtp = await startSmtpCatcher();
  api = await TestApi.start({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '200' });
  toolId = await api.insertTool({ name: 'Numbered Drill', price: 25, available: 10_000 });
  // Other clients of the same database: what other API processes would be.
  others = await Promise.all(
    [1, 2, 3].map(() =>
      mongoose.createConnection(process.env.TEST_MONGODB_URI!, { dbName: api.db.name }).asPromise(),
    ),
  );
  await api.db.model('Order').syncIndexes();
});
afterAll(async () => {
  await Promise.all(others.map((connection) => connection.close()));
  await api.stop();
  await smtp.close();
});

const NUMBER = /^TS-\d{6,}$/;
const readOrder = async (id: string) =>
  (await api.request<Order>('GET', `/orders/${id}`, { token: api.tokens.customer })).body;
const search = (q: string) =>
  api.request<Order[]>('GET', `/adminOrders?limit=20&q=${encodeURIComponent(q)}`, {
    token: api.tokens.admin,
  });

it('gives an order placed by POST /orders its number in the same insert', async () => {
  const id = await api.placeOrder(toolId);
  const order = await readOrder(id);
  expect(order.number).toMatch(NUMBER);
  const stored = await api.db.collection('orders').findOne({ _id: new Types.ObjectId(id) });
  expect(stored?.number).toBe(order.number);
  // My Orders lists it with its number.
  const own = await api.request<Order[]>('GET', `/orders?email=${CUSTOMER}`, {
    token: api.tokens.customer,
  });
  expect(own.body.find((listed) => listed._id === id)?.number).toBe(order.number);
});

it('gives a quick order (several lines) its number too, the next one', async () => {
  const first = await readOrder(await api.placeOrder(toolId));
  const placed = await api.request('POST', '/quickOrders', {
    token: api.tokens.customer,
    body: { lines: [{ toolId, quantity: 2 }], address: '12 Elm Street', phone: '555-0100' },
  });
  expect(placed.status).toBe(201);
  const order = await readOrder(placed.body.insertedId);
  expect(order.number).toMatch(NUMBER);
  expect(Number(order.number!.slice(3))).toBeGreaterThan(Number(first.number!.slice(3)));
});

it('hands out distinct numbers to concurrent orders placed through several processes', async () => {
  const before = (
    await api.db.collection('counters').findOne({ _id: ORDER_NUMBER_COUNTER as never })
  )?.seq as number;
  // Twenty at once through the API, and sixty numbers at once on three other connections.
  const [placed, taken] = await Promise.all([
    Promise.all(Array.from({ length: 20 }, () => api.placeOrder(toolId))),
    Promise.all(Array.from({ length: 60 }, (_, i) => takeSequenceIn(others[i % 3]!.db!))),
  ]);
  const numbers = (await Promise.all(placed.map(readOrder))).map((order) => order.number);
  const all = [...numbers, ...taken.map(formatOrderNumber)];
  expect(new Set(all).size).toBe(80);
  // None lost: the counter moved by exactly what was handed out, and every value is in that range.
  const after = (
    await api.db.collection('counters').findOne({ _id: ORDER_NUMBER_COUNTER as never })
  )?.seq as number;
  expect(after - before).toBe(80);
  const expected = Array.from({ length: 80 }, (_, i) => formatOrderNumber(before + 1 + i));
  expect([...all].sort()).toEqual([...expected].sort());
});

it('creates the counter once when the very first numbers are taken at once', async () => {
  const fresh = others.map((connection) => connection.useDb(`${api.db.name}_counter`));
  const taken = await Promise.all(
    Array.from({ length: 12 }, (_, i) => takeSequenceIn(fresh[i % 3]!.db!)),
  );
  expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  await fresh[0]!.dropDatabase();
});

it('refuses a second order with a number already taken, whichever connection writes it', async () => {
  const orders = others.map((connection) => connection.db!.collection('orders'));
  const base = await api.db.collection('orders').findOne({}, { projection: { _id: 0, number: 0 } });
  const results = await Promise.allSettled(
    orders.map((collection) => collection.insertOne({ ...base, number: 'TS-999999' })),
  );
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  // The losers get the duplicate-key error, or on FerretDB v2 sometimes PostgreSQL's
  // deadlock_detected (SQLSTATE 40P01, reported as code 16908292): refused either way.
  for (const result of results)
    if (result.status === 'rejected')
      expect([11000, 16908292]).toContain((result.reason as { code?: number }).code);
  // Orders without a number (placed before numbers) are not in the index: any number of them.
  await api.db.collection('orders').insertMany([{ ...base }, { ...base }]);
});

it('finds an order by its number with or without the prefix (GET /adminOrders?q=)', async () => {
  const id = await api.placeOrder(toolId);
  const { number } = await readOrder(id);
  for (const q of [number!, number!.slice(3), number!.toLowerCase()]) {
    const answer = await search(q);
    expect(answer.status).toBe(200);
    expect(answer.body.map((order) => order._id)).toEqual([id]);
    expect(answer.body[0]?.number).toBe(number);
  }
  expect((await search('TS-999998')).body).toEqual([]);
});

it('finds a customer’s own order by its number or a part of it (GET /orders?email=&number=)', async () => {
  const id = await api.placeOrder(toolId);
  const { number } = await readOrder(id);
  const mine = (typed: string, token = api.tokens.customer, email = CUSTOMER) =>
    api.request<Order[]>(
      'GET',
      `/orders?email=${encodeURIComponent(email)}&number=${encodeURIComponent(typed)}`,
      { token },
    );
  for (const typed of [number!, number!.slice(3), ` ${number!.toLowerCase()} `]) {
    const answer = await mine(typed);
    expect(answer.status).toBe(200);
    expect(answer.body.map((order) => order._id)).toEqual([id]);
  }
  // Someone else's number is not among the customer's orders; a regex is only text.
  const theirs = await api.placeOrder(toolId, api.tokens.other);
  expect((await mine((await readOrder(theirs)).number ?? 'x')).body).toEqual([]);
  for (const bad of ['.*', 'TS-1$', 'x'.repeat(21)]) {
    const refused = await mine(bad);
    expect(refused.status).toBe(400);
    expect([(refused.body as unknown as { message: string }).message].flat().join(' ')).toContain(
      'number must be part of an order number',
    );
  }
});

it('puts the number on what the payment and shipping emails are written from', async () => {
  const id = await api.placeOrder(toolId);
  const { number } = await readOrder(id);
  await api.payByCard(id);
  const approved = await api.request('PATCH', `/adminOrders/${id}`, {
    token: api.tokens.admin,
    body: {},
  });
  expect(approved.status).toBe(200);
  for (const kind of ['paid', 'shipped']) {
    const deadline = Date.now() + 10_000;
    let mail = await api.db.collection('outbox').findOne({ _id: `${kind}:${id}` as never });
    while (!mail && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = await api.db.collection('outbox').findOne({ _id: `${kind}:${id}` as never });
    }
    // The emails name the order by its number once it has one, by its id before.
    expect({ kind, mentions: Boolean(mail?.text.includes(number!)) }).toEqual({
      kind,
      mentions: true,
    });
  }
});
