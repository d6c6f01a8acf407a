// Every state-changing call a client may retry takes an Idempotency-Key: a retry with the
// same key and body answers the first answer without running again; another body (or target) with
// the same key is a 422.
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IDEMPOTENT_ROUTES, IdempotencyInterceptor } from '../src/common/idempotency';
import { StockReservations } from '../src/tools/stock-reservations';
import { OTHER, TestApi, type ApiAnswer } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

interface Call {
  method: string;
  path: string;
  body?: unknown;
  token?: string;
}

interface Case {
  route: string;
  /** The first call, its retry's twin with another body or target, and the check that it ran once. */
  setup(): Promise<{ call: Call; other: Call; ranOnce(): Promise<void> }>;
}

const send = (call: Call, key: string) =>
  api.request(call.method, call.path, {
    token: call.token,
    body: call.body,
    headers: { 'idempotency-key': key },
  });

const profile = (location: string) => ({
  email: OTHER,
  location,
  phone: '555-0100',
  education: 'Trade school',
  linkedIn: 'https://www.linkedin.com/in/olivia',
});

async function payableOrder(token = api.tokens.customer) {
  const orderId = await api.placeOrder(await api.insertTool({ price: 25 }), token);
  const intent = await api.request('POST', '/create-payment-intent', {
    token,
    body: { orderId },
  });
  return { orderId, clientSecret: intent.body.clientSecret as string };
}
const testCard = (clientSecret: string, number = '4242 4242 4242 4242') => ({
  clientSecret,
  card: { number, expMonth: 12, expYear: 2040, cvc: '123' },
  billingDetails: {
    email: 'customer@toolshop.test',
    name: 'Casey',
    address: { line1: '1 Main St' },
  },
});

/** A new saved list of the caller's. */
async function savedList(token: string): Promise<string> {
  const created = await api.request('POST', '/savedLists', {
    token,
    body: { name: `List ${randomUUID()}`, lines: [] },
  });
  return created.body.insertedId as string;
}

/** Two paid orders of the customer's, approved for shipping. */
async function shippedOrders(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const order = await api.placeOrder(await api.insertTool());
    await api.markPaid(order);
    await api.request('PATCH', `/adminOrders/${order}`, { token: api.tokens.admin, body: {} });
    ids.push(order);
  }
  return ids;
}

const count = (collection: string, filter: Record<string, unknown>) =>
  api.db.collection(collection).countDocuments(filter);

const cases: Case[] = [
  {
    route: 'POST /orders',
    async setup() {
      const toolId = await api.insertTool({ available: 10 });
      const body = { toolId, address: '1 Main St', phone: '555-0100', orderQuantity: 2 };
      const token = api.tokens.other;
      return {
        call: { method: 'POST', path: '/orders', token, body },
        other: { method: 'POST', path: '/orders', token, body: { ...body, orderQuantity: 3 } },
        ranOnce: async () => {
          expect(await count('orders', { toolId: new Types.ObjectId(toolId) })).toBe(1);
          expect(await api.toolStock(toolId)).toBe(8);
        },
      };
    },
  },
  {
    route: 'POST /quickOrders',
    async setup() {
      const drill = await api.insertTool({ available: 10 });
      const saw = await api.insertTool({ available: 10 });
      const lines = [
        { toolId: drill, quantity: 2 },
        { toolId: saw, quantity: 1 },
      ];
      const body = { lines, address: '1 Main St', phone: '555-0100' };
      const token = api.tokens.other;
      return {
        call: { method: 'POST', path: '/quickOrders', token, body },
        other: {
          method: 'POST',
          path: '/quickOrders',
          token,
          body: { ...body, lines: lines.slice(1) },
        },
        ranOnce: async () => {
          expect(await count('orders', { 'lines.toolId': new Types.ObjectId(drill) })).toBe(1);
          expect([await api.toolStock(drill), await api.toolStock(saw)]).toEqual([8, 9]);
        },
      };
    },
  },
  {
    route: 'POST /savedLists',
    async setup() {
      const name = `List ${randomUUID().slice(0, 8)}`;
      const token = api.tokens.other;
      return {
        call: { method: 'POST', path: '/savedLists', token, body: { name, lines: [] } },
        other: {
          method: 'POST',
          path: '/savedLists',
          token,
          body: { name: `${name}!`, lines: [] },
        },
        ranOnce: async () => expect(await count('saved_lists', { name })).toBe(1),
      };
    },
  },
  {
    route: 'PUT /savedLists/:id',
    async setup() {
      const token = api.tokens.other;
      const id = (await savedList(token)) as string;
      const name = `Renamed ${randomUUID().slice(0, 8)}`;
      return {
        call: { method: 'PUT', path: `/savedLists/${id}`, token, body: { name, lines: [] } },
        other: {
          method: 'PUT',
          path: `/savedLists/${id}`,
          token,
          body: { name: `${name}!`, lines: [] },
        },
        ranOnce: async () => expect(await count('saved_lists', { name })).toBe(1),
      };
    },
  },
  {
    route: 'DELETE /savedLists/:id',
    async setup() {
      const token = api.tokens.other;
      const [id, second] = [await savedList(token), await savedList(token)];
      return {
        // A retry of a delete answers as the first time, not 404.
        call: { method: 'DELETE', path: `/savedLists/${id}`, token },
        other: { method: 'DELETE', path: `/savedLists/${second}`, token },
        ranOnce: async () =>
          expect(await count('saved_lists', { _id: new Types.ObjectId(id) })).toBe(0),
      };
    },
  },
  {
    route: 'PATCH /reviews/:id',
    async setup() {
      const review = await api.request('POST', '/reviews', {
        token: api.tokens.other,
        body: { opinion: 'Hide me', rating: 1 },
      });
      const id = review.body.insertedId as string;
      const token = api.tokens.admin;
      return {
        call: { method: 'PATCH', path: `/reviews/${id}`, token, body: { hidden: true } },
        other: { method: 'PATCH', path: `/reviews/${id}`, token, body: { hidden: false } },
        ranOnce: async () =>
          expect(await count('audit', { action: 'review.hide', targetId: id })).toBe(1),
      };
    },
  },
  {
    route: 'POST /suggestions',
    async setup() {
      const opinion = `More saws ${randomUUID()}`;
      return {
        call: { method: 'POST', path: '/suggestions', body: { email: 'me@example.com', opinion } },
        other: {
          method: 'POST',
          path: '/suggestions',
          body: { email: 'me@example.com', opinion: 'x' },
        },
        ranOnce: async () => expect(await count('suggestions', { opinion })).toBe(1),
      };
    },
  },
  {
    route: 'PUT /users',
    async setup() {
      const path = `/users?email=${OTHER}`;
      const token = api.tokens.other;
      return {
        call: { method: 'PUT', path, token, body: profile('Lyon') },
        other: { method: 'PUT', path, token, body: profile('Nice') },
        // A second run would have written Lyon over the change made since.
        ranOnce: async () =>
          expect((await api.db.collection('users').findOne({ email: OTHER }))?.location).toBe(
            'changed since',
          ),
      };
    },
  },
  {
    route: 'PUT /user/admin/:email',
    async setup() {
      const email = `promoted-${randomUUID().slice(0, 8)}@toolshop.test`;
      await api.db.collection('users').insertOne({ email });
      const token = api.tokens.admin;
      return {
        call: { method: 'PUT', path: `/user/admin/${email}`, token, body: {} },
        other: { method: 'PUT', path: `/user/admin/${OTHER}`, token, body: {} },
        // The replay answers modifiedCount 1 (a second run answers 0); one audit entry.
        ranOnce: async () =>
          expect(await count('audit', { action: 'user.makeAdmin', targetId: email })).toBe(1),
      };
    },
  },
  {
    route: 'DELETE /orders/:id',
    async setup() {
      const toolId = await api.insertTool({ available: 10 });
      const id = await api.placeOrder(toolId, api.tokens.customer, 3);
      const otherId = await api.placeOrder(toolId, api.tokens.customer, 1);
      const token = api.tokens.customer;
      return {
        call: { method: 'DELETE', path: `/orders/${id}`, token },
        other: { method: 'DELETE', path: `/orders/${otherId}`, token },
        // Its 3 came back once (the other order still holds 1); a second run would answer 409.
        ranOnce: async () => expect(await api.toolStock(toolId)).toBe(9),
      };
    },
  },
  {
    route: 'PATCH /adminOrders/:id',
    async setup() {
      const id = await api.placeOrder(await api.insertTool());
      const otherId = await api.placeOrder(await api.insertTool());
      await api.markPaid(id);
      await api.markPaid(otherId);
      const token = api.tokens.admin;
      return {
        call: { method: 'PATCH', path: `/adminOrders/${id}`, token, body: {} },
        other: { method: 'PATCH', path: `/adminOrders/${otherId}`, token, body: {} },
        ranOnce: async () =>
          expect(await count('audit', { action: 'order.approve', targetId: id })).toBe(1),
      };
    },
  },
  {
    route: 'POST /adminOrders/:id/delivery',
    async setup() {
      const [id, otherId] = [
        await api.placeOrder(await api.insertTool()),
        await api.placeOrder(await api.insertTool()),
      ];
      const token = api.tokens.admin;
      for (const order of [id, otherId]) {
        await api.markPaid(order);
        await api.request('PATCH', `/adminOrders/${order}`, { token, body: {} });
      }
      return {
        call: { method: 'POST', path: `/adminOrders/${id}/delivery`, token },
        other: { method: 'POST', path: `/adminOrders/${otherId}/delivery`, token },
        ranOnce: async () =>
          expect(await count('audit', { action: 'order.deliver', targetId: id })).toBe(1),
      };
    },
  },
  {
    route: 'POST /orders/:id/refunds',
    async setup() {
      const toolId = await api.insertTool({ available: 10 });
      const id = await api.placeOrder(toolId, api.tokens.customer, 3);
      const otherId = await api.placeOrder(toolId, api.tokens.customer, 1);
      await api.payByCard(id);
      await api.payByCard(otherId);
      const token = api.tokens.admin;
      return {
        call: { method: 'POST', path: `/orders/${id}/refunds`, token, body: {} },
        other: { method: 'POST', path: `/orders/${otherId}/refunds`, token, body: {} },
        // Its 3 came back once (the other order still holds 1).
        ranOnce: async () => expect(await api.toolStock(toolId)).toBe(9),
      };
    },
  },
  {
    route: 'POST /orders/:id/returns',
    async setup() {
      const ids = await shippedOrders();
      const token = api.tokens.customer;
      const body = { reason: 'Wrong size' };
      return {
        call: { method: 'POST', path: `/orders/${ids[0]}/returns`, token, body },
        other: { method: 'POST', path: `/orders/${ids[1]}/returns`, token, body },
        ranOnce: async () => {
          const stored = await api.db
            .collection('orders')
            .findOne({ _id: new Types.ObjectId(ids[0]) });
          expect(
            stored?.timeline.filter(
              (entry: { event: string }) => entry.event === 'return_requested',
            ),
          ).toHaveLength(1);
        },
      };
    },
  },
  {
    route: 'PATCH /returns/:id',
    async setup() {
      const ids = await shippedOrders();
      for (const order of ids) {
        await api.request('POST', `/orders/${order}/returns`, {
          token: api.tokens.customer,
          body: { reason: 'Wrong size' },
        });
      }
      const token = api.tokens.admin;
      const body = { decision: 'approve' };
      return {
        call: { method: 'PATCH', path: `/returns/${ids[0]}`, token, body },
        other: { method: 'PATCH', path: `/returns/${ids[1]}`, token, body },
        ranOnce: async () =>
          expect(await count('audit', { action: 'order.return', targetId: ids[0] })).toBe(1),
      };
    },
  },
  {
    route: 'POST /reviews',
    async setup() {
      const opinion = `Sturdy ${randomUUID()}`;
      const token = api.tokens.customer;
      return {
        call: { method: 'POST', path: '/reviews', token, body: { opinion, rating: 5 } },
        other: { method: 'POST', path: '/reviews', token, body: { opinion, rating: 4 } },
        ranOnce: async () => expect(await count('reviews', { opinion })).toBe(1),
      };
    },
  },
  {
    route: 'POST /tools',
    async setup() {
      const name = `Grinder ${randomUUID().slice(0, 8)}`;
      const tool = {
        name,
        img: 'http://localhost:5000/images/angle-grinder.webp',
        shortDescription: 'Twin wheels',
        minOrder: 1,
        available: 30,
        price: 75,
      };
      const token = api.tokens.admin;
      return {
        call: { method: 'POST', path: '/tools', token, body: tool },
        other: { method: 'POST', path: '/tools', token, body: { ...tool, price: 80 } },
        ranOnce: async () => expect(await count('tools', { name })).toBe(1),
      };
    },
  },
  {
    route: 'POST /create-payment-intent',
    async setup() {
      const token = api.tokens.customer;
      const first = await api.placeOrder(await api.insertTool());
      const second = await api.placeOrder(await api.insertTool());
      return {
        call: { method: 'POST', path: '/create-payment-intent', token, body: { orderId: first } },
        other: { method: 'POST', path: '/create-payment-intent', token, body: { orderId: second } },
        ranOnce: async () => undefined, // the same client secret (checked for every route below)
      };
    },
  },
  {
    route: 'POST /payments/test/confirm',
    async setup() {
      const { clientSecret, orderId } = await payableOrder();
      const token = api.tokens.customer;
      return {
        call: {
          method: 'POST',
          path: '/payments/test/confirm',
          token,
          body: testCard(clientSecret),
        },
        other: {
          method: 'POST',
          path: '/payments/test/confirm',
          token,
          body: testCard(clientSecret, '4000 0000 0000 0002'),
        },
        ranOnce: async () =>
          expect(
            (await api.db.collection('orders').findOne({ _id: new Types.ObjectId(orderId) }))?.paid,
          ).toBe(true),
      };
    },
  },
  {
    route: 'PATCH /orders/:id',
    async setup() {
      const { clientSecret, orderId } = await payableOrder();
      await api.request('POST', '/payments/test/confirm', { body: testCard(clientSecret) });
      const transactionId = clientSecret.split('_secret_')[0];
      const token = api.tokens.customer;
      return {
        call: { method: 'PATCH', path: `/orders/${orderId}`, token, body: { transactionId } },
        other: {
          method: 'PATCH',
          path: `/orders/${orderId}`,
          token,
          body: { transactionId: `${transactionId}x` },
        },
        ranOnce: async () => undefined,
      };
    },
  },
];

it('covers every route that honours the header', () => {
  expect(cases.map((c) => c.route).sort()).toEqual([...IDEMPOTENT_ROUTES].sort());
});

it('runs the interceptor on exactly these routes (a route of IDEMPOTENT_ROUTES is marked @Idempotent())', () => {
  const marked: string[] = [];
  const controllers = [...api.app.get(ModulesContainer).values()].flatMap((module) => [
    ...module.controllers.values(),
  ]);
  for (const { metatype } of controllers) {
    if (!metatype) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    const prototype = metatype.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      const interceptors = Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as
        unknown[] | undefined;
      if (!interceptors?.includes(IdempotencyInterceptor)) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const path = [base, String(Reflect.getMetadata(PATH_METADATA, handler))]
        .filter((part) => part && part !== '/')
        .join('/');
      marked.push(`${method} /${path}`);
    }
  }
  expect(marked.sort()).toEqual([...IDEMPOTENT_ROUTES].sort());
});

it.each(cases)(
  '$route: a retry with the same key answers the first answer, once; another request with it is a 422',
  async ({ route, setup }) => {
    const { call, other, ranOnce } = await setup();
    const key = `retry-${randomUUID()}`;
    const first = await send(call, key);
    expect(first.status).toBeLessThan(300);
    if (route === 'PUT /users')
      await api.db
        .collection('users')
        .updateOne({ email: OTHER }, { $set: { location: 'changed since' } });
    const retries = await Promise.all([send(call, key), send(call, key)]);
    for (const retry of retries) {
      expect(retry.status).toBe(first.status);
      expect(retry.body).toEqual(first.body);
    }
    await ranOnce();
    const refused = await send(other, key);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' });
  },
);

// The state a run of a key leaves when its process dies mid-way, then its retry.
// Every run of a key places its order under the key's one id, so the retry finds what the dead run
// did: the order it saved is the answer; the stock it took for an order it never saved goes back.
describe.each([
  {
    route: 'POST /orders',
    path: '/orders',
    body: (tools: string[]) => ({
      toolId: tools[0],
      address: '1 Main St',
      phone: '555-0100',
      orderQuantity: 2,
    }),
    taken: [2],
  },
  {
    route: 'POST /quickOrders',
    path: '/quickOrders',
    body: (tools: string[]) => ({
      address: '1 Main St',
      phone: '555-0100',
      lines: [
        { toolId: tools[0], quantity: 2 },
        { toolId: tools[1], quantity: 3 },
      ],
    }),
    taken: [2, 3],
  },
])('$route retried after its process died', ({ path, body, taken }) => {
  const STOCK = 10;
  const oid = (id: string) => new Types.ObjectId(id);

  /** Orders new tools with a key and turns its record into a dead run's: running, lease over. */
  async function deadRun() {
    const tools = [
      await api.insertTool({ available: STOCK }),
      await api.insertTool({ available: STOCK }),
    ];
    const key = `dead-${randomUUID()}`;
    const first = await api.request('POST', path, {
      token: api.tokens.customer,
      body: body(tools),
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    const orderId = first.body.insertedId as string;
    const died = await api.db
      .collection('idempotency_keys')
      .updateOne(
        { resourceId: orderId },
        { $set: { state: 'running', staleAfter: new Date(0) }, $unset: { status: 1, body: 1 } },
      );
    expect(died.modifiedCount).toBe(1);
    const retry = () =>
      api.request('POST', path, {
        token: api.tokens.customer,
        body: body(tools),
        headers: { 'idempotency-key': key },
      });
    return { tools, orderId, retry };
  }

  /** The retry's answer is the dead run's order, the only one, and the stock is taken once. */
  async function expectOneOrder(answer: ApiAnswer, orderId: string, tools: string[]) {
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ acknowledged: true, insertedId: orderId });
    expect(await api.db.collection('orders').countDocuments({ toolId: oid(tools[0]!) })).toBe(1);
    const stock = await Promise.all(
      taken.map(async (_, i) => {
        const tool = await api.db.collection('tools').findOne({ _id: oid(tools[i]!) });
        return { available: tool?.available as number, holds: tool?.holds ?? {} };
      }),
    );
    expect(stock).toEqual(taken.map((quantity) => ({ available: STOCK - quantity, holds: {} })));
  }

  it('after saving the order, before answering: the retry answers that order, placing none', async () => {
    const { tools, orderId, retry } = await deadRun();
    await expectOneOrder(await retry(), orderId, tools);
  });

  it('after taking the stock, before saving the order: the stock goes back and the order is placed once', async () => {
    const { tools, orderId, retry } = await deadRun();
    // What the dead run left: its stock taken under holds naming its order, its slot; no order.
    await api.db.collection('orders').deleteOne({ _id: oid(orderId) });
    const at = new Date();
    await Promise.all(
      taken.map((quantity, i) =>
        api.db
          .collection('tools')
          .updateOne({ _id: oid(tools[i]!) }, { $set: { [`holds.${orderId}`]: { quantity, at } } }),
      ),
    );
    expect(await api.db.collection('unpaid_order_slots').countDocuments({ orderId })).toBe(1);

    const answer = await retry();
    await expectOneOrder(answer, orderId, tools);
    // The dead run's slot was freed: the order holds one.
    expect(await api.db.collection('unpaid_order_slots').countDocuments({ orderId })).toBe(1);
    // And a later retry answers the same.
    expect((await retry()).body).toEqual(answer.body);
  });
});

it('never takes stock twice under one hold: two runs of a key share their order id', async () => {
  const toolId = await api.insertTool({ available: 10 });
  const tools = api.app.get(StockReservations);
  const orderId = new Types.ObjectId().toHexString();
  const hold = () => ({ quantity: 2, at: new Date() });
  expect(await tools.takeHeld(toolId, orderId, hold())).not.toBeNull();
  // A second run of the key meets the first one's hold: nothing taken (it settles that hold first).
  expect(await tools.takeHeld(toolId, orderId, hold())).toBeNull();
  expect(await api.toolStock(toolId)).toBe(8);
  expect(await tools.settleOrderHolds([toolId], orderId, async () => false)).toBe(2);
  expect(await api.toolStock(toolId)).toBe(10);
});
