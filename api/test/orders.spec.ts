import { CLOSED_UNFULFILLED_STATES, ORDER_STATES } from '@toolshop/contracts';
import { ADMIN, CUSTOMER, OTHER, TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

const orderBody = (toolId: string, orderQuantity: number, extra: object = {}) => ({
  toolId,
  address: '12 Elm Street',
  phone: '+1 555 0100',
  orderQuantity,
  ...extra,
});

describe('POST /orders', () => {
  it('takes email from the token and name, img and price from the tool; ignores client totals', async () => {
    const toolId = await api.insertTool({
      name: 'Hammer Drill',
      price: 40,
      minOrder: 2,
      available: 50,
    });
    const created = await api.request('POST', '/orders', {
      token: api.tokens.customer,
      body: orderBody(toolId, 3, {
        name: 'Free stuff',
        img: 'x',
        email: 'victim@x.y',
        totalPrice: 1,
        paid: true,
        userName: 'Casey',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });

    const order = await api.request('GET', `/orders/${created.body.insertedId}`, {
      token: api.tokens.customer,
    });
    expect(order.body).toMatchObject({
      toolId,
      name: 'Hammer Drill',
      email: CUSTOMER,
      userName: 'Casey',
      orderQuantity: 3,
      totalPrice: 120,
      paid: false,
      shipped: false,
      address: '12 Elm Street',
    });
    expect(order.body.paymentIntentId).toBeUndefined();
    expect(typeof order.body.createdAt).toBe('string');
    expect(await api.toolStock(toolId)).toBe(47);
  });

  it('refuses fields a client must never set', async () => {
    const toolId = await api.insertTool();
    for (const field of ['shipped', 'transactionId', 'paymentIntentId', '_id']) {
      const answer = await api.request('POST', '/orders', {
        token: api.tokens.customer,
        body: orderBody(toolId, 1, { [field]: 'x' }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(`property ${field} should not exist`);
    }
  });

  it.each([
    ['below the minimum order', 4, 400],
    ['above the stock', 21, 409],
    ['zero', 0, 400],
    ['fractional', 5.5, 400],
  ])('answers "enter valid quantity" for a quantity %s', async (_label, quantity, status) => {
    const toolId = await api.insertTool({ minOrder: 5, available: 20 });
    const answer = await api.request('POST', '/orders', {
      token: api.tokens.customer,
      body: orderBody(toolId, quantity),
    });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe('enter valid quantity');
    expect(await api.toolStock(toolId)).toBe(20);
  });

  it('answers 404 for an unknown tool', async () => {
    const answer = await api.request('POST', '/orders', {
      token: api.tokens.customer,
      body: orderBody('0123456789abcdef01234567', 1),
    });
    expect(answer.status).toBe(404);
  });

  it('never oversells: 50 concurrent orders of 1 on a stock of 10 give exactly 10 orders', async () => {
    const toolId = await api.insertTool({ available: 10, minOrder: 1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.request('POST', '/orders', { token: api.tokens.customer, body: orderBody(toolId, 1) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await api.toolStock(toolId)).toBe(0);
    const orders = await api.db.collection('orders').countDocuments({
      name: 'Test Drill',
      toolId: new (await import('mongoose')).Types.ObjectId(toolId),
    });
    expect(orders).toBe(10);
  });
});

describe('cancel and approve', () => {
  it('cancels an unpaid order and puts the stock back; the order stays, out of the lists', async () => {
    const toolId = await api.insertTool({ available: 10 });
    const id = await api.placeOrder(toolId, api.tokens.customer, 4);
    expect(await api.toolStock(toolId)).toBe(6);
    const answer = await api.request('DELETE', `/orders/${id}`, { token: api.tokens.customer });
    expect(answer.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await api.toolStock(toolId)).toBe(10);
    const kept = await api.request('GET', `/orders/${id}`, { token: api.tokens.customer });
    expect(kept.body).toMatchObject({ state: 'cancelled', allowedActions: [], paid: false });
    expect(kept.body.timeline.at(-1)).toEqual({
      event: 'cancelled',
      at: expect.any(String),
      by: 'customer',
    });
    const again = await api.request('DELETE', `/orders/${id}`, { token: api.tokens.customer });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already canceled');
    expect(await api.toolStock(toolId)).toBe(10);
    const own = await api.request('GET', `/orders?email=${CUSTOMER}`, {
      token: api.tokens.customer,
    });
    expect(own.body.map((order: { _id: string }) => order._id)).not.toContain(id);
    const open = await api.request('GET', '/adminOrders', { token: api.tokens.admin });
    expect(open.body.map((order: { _id: string }) => order._id)).not.toContain(id);
    const cancelled = await api.request('GET', '/adminOrders?state=cancelled', {
      token: api.tokens.admin,
    });
    expect(cancelled.body.map((order: { _id: string }) => order._id)).toContain(id);
  });

  it('totals the open orders in the default admin list: every order but the closed ones', async () => {
    const toolId = await api.insertTool({ available: 10 });
    const [kept, cancelled] = [await api.placeOrder(toolId), await api.placeOrder(toolId)];
    await api.request('DELETE', `/orders/${cancelled}`, { token: api.tokens.customer });
    const totalOf = async (query: string) => {
      const answer = await api.request('GET', `/adminOrders?limit=200&page=1${query}`, {
        token: api.tokens.admin,
      });
      const total = answer.headers.get('x-total-count');
      expect(total).toMatch(/^\d+$/);
      return Number(total);
    };
    const [open, all] = await Promise.all([
      totalOf(''),
      Promise.all(
        ORDER_STATES.filter((state) => !CLOSED_UNFULFILLED_STATES.includes(state)).map((state) =>
          totalOf(`&state=${state}`),
        ),
      ),
    ]);
    expect(open).toBeGreaterThan(0);
    expect(open).toBe(all.reduce((sum, count) => sum + count, 0));
    const listed = await api.request('GET', '/adminOrders?limit=200&page=1', {
      token: api.tokens.admin,
    });
    const ids = listed.body.map((order: { _id: string }) => order._id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(cancelled);
  });

  it('records an admin’s cancel by their email', async () => {
    const id = await api.placeOrder(await api.insertTool());
    await api.request('DELETE', `/orders/${id}`, { token: api.tokens.admin });
    const order = await api.request('GET', `/orders/${id}`, { token: api.tokens.admin });
    expect(order.body.timeline.at(-1)).toMatchObject({
      event: 'cancelled',
      by: 'admin',
      actor: ADMIN,
    });
  });

  it('refuses to cancel a paid order (409), for the owner and for an admin', async () => {
    const id = await api.placeOrder(await api.insertTool());
    await api.markPaid(id);
    for (const token of [api.tokens.customer, api.tokens.admin]) {
      const answer = await api.request('DELETE', `/orders/${id}`, { token });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('A paid order cannot be canceled');
    }
  });

  it('approves only paid orders; approving again is refused with a message', async () => {
    const id = await api.placeOrder(await api.insertTool());
    const unpaid = await api.request('PATCH', `/adminOrders/${id}`, {
      token: api.tokens.admin,
      body: {},
    });
    expect(unpaid.status).toBe(409);

    await api.markPaid(id);
    const body = { order: { _id: id }, transactionId: 'pi_x', address: 'x' };
    const approved = await api.request('PATCH', `/adminOrders/${id}`, {
      token: api.tokens.admin,
      body,
    });
    expect(approved.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const again = await api.request('PATCH', `/adminOrders/${id}`, {
      token: api.tokens.admin,
      body,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already approved for shipping');

    const order = await api.request('GET', `/orders/${id}`, { token: api.tokens.customer });
    expect(order.body).toMatchObject({ paid: true, shipped: true, transactionId: 'pi_test_123' });
  });

  it('answers 404 when approving an unknown order', async () => {
    expect(
      (
        await api.request('PATCH', '/adminOrders/0123456789abcdef01234567', {
          token: api.tokens.admin,
          body: {},
        })
      ).status,
    ).toBe(404);
  });
});

describe('order lists', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    await api.db.collection('orders').deleteMany({});
    const toolId = await api.insertTool({ price: 10, available: 1000 });
    ids = [];
    for (let i = 0; i < 5; i++) ids.push(await api.placeOrder(toolId, api.tokens.other, i + 1));
    await api.markPaid(ids[1]!);
    await api.markPaid(ids[2]!);
    await api.request('PATCH', `/adminOrders/${ids[2]}`, { token: api.tokens.admin, body: {} });
  });

  it('lists own orders newest first, as a plain array', async () => {
    const answer = await api.request('GET', `/orders?email=${OTHER}`, { token: api.tokens.other });
    expect(answer.body.map((order: { _id: string }) => order._id)).toEqual([...ids].reverse());
    expect(answer.headers.get('x-total-count')).toBeNull();
  });

  it('pages own orders on request, with the total', async () => {
    const answer = await api.request('GET', `/orders?email=${OTHER}&limit=2&page=2`, {
      token: api.tokens.other,
    });
    expect(answer.body.map((order: { _id: string }) => order._id)).toEqual([ids[2], ids[1]]);
    expect(answer.headers.get('x-total-count')).toBe('5');
  });

  it.each([
    ['', 5, undefined],
    ['?state=unpaid', 3, undefined],
    ['?state=paid', 1, 1],
    ['?state=shipped', 1, 2],
  ])('filters all orders for admins: %s', async (query, count, index) => {
    const answer = await api.request('GET', `/adminOrders${query}`, { token: api.tokens.admin });
    expect(answer.body).toHaveLength(count);
    expect(answer.headers.get('x-total-count')).toBe(String(count));
    if (index !== undefined) expect(answer.body[0]._id).toBe(ids[index]);
  });

  it('rejects an unknown state', async () => {
    expect(
      (await api.request('GET', '/adminOrders?state=lost', { token: api.tokens.admin })).status,
    ).toBe(400);
  });

  it('counts orders and paid revenue per day', async () => {
    const answer = await api.request('GET', '/adminOrders/stats?days=3', {
      token: api.tokens.admin,
    });
    expect(answer.body).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    // Orders 2 and 3 are paid: quantities 2 and 3 at $10.
    expect(answer.body[2]).toEqual({ day: today, orders: 5, revenue: 50 });
    expect(answer.body[0]).toEqual({ day: expect.any(String), orders: 0, revenue: 0 });
  });
});
