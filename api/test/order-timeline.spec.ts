// Each order's history (placed, paid, shipped) and the carrier and tracking number an
// admin may enter on approval, over HTTP with the offline test payment provider.
import { ADMIN, TestApi } from './support/test-api';

const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const billingDetails = {
  email: 'customer@toolshop.test',
  name: 'Casey',
  address: { line1: '1 Main St' },
};

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

/** Places an order and pays it through the test provider (the real "mark paid"). */
async function paidOrder(): Promise<{ id: string; transactionId: string }> {
  const id = await api.placeOrder(
    await api.insertTool({ price: 25, minOrder: 1, available: 50 }),
    api.tokens.customer,
    2,
  );
  const intent = await api.request('POST', '/create-payment-intent', {
    token: api.tokens.customer,
    body: { orderId: id, totalPrice: 1 },
  });
  const paid = await api.request('POST', '/payments/test/confirm', {
    body: { clientSecret: intent.body.clientSecret, card: visa, billingDetails },
  });
  expect(paid.body.status).toBe('succeeded');
  return { id, transactionId: paid.body.id as string };
}

const getOrder = async (id: string) =>
  (await api.request('GET', `/orders/${id}`, { token: api.tokens.customer })).body;
const approve = (id: string, body: object) =>
  api.request('PATCH', `/adminOrders/${id}`, { token: api.tokens.admin, body });

describe('order timeline', () => {
  it('records placed, then paid with the transaction id, then shipped by the admin with carrier and tracking', async () => {
    const before = Date.now();
    const { id, transactionId } = await paidOrder();
    const approved = await approve(id, {
      carrier: '  DHL Express ',
      trackingNumber: 'JD0146 0000 1234',
    });
    expect(approved.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });

    const order = await getOrder(id);
    expect(order).toMatchObject({
      paid: true,
      shipped: true,
      carrier: 'DHL Express',
      trackingNumber: 'JD0146 0000 1234',
    });
    expect(order.timeline).toEqual([
      { event: 'placed', at: expect.any(String), by: 'customer' },
      { event: 'paid', at: expect.any(String), by: 'customer', transactionId },
      {
        event: 'shipped',
        at: expect.any(String),
        by: 'admin',
        actor: ADMIN,
        carrier: 'DHL Express',
        trackingNumber: 'JD0146 0000 1234',
      },
    ]);
    const times = order.timeline.map((entry: { at: string }) => Date.parse(entry.at));
    expect(times[0]).toBeGreaterThanOrEqual(before - 1000);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Admins see the same history in the list of all orders.
    const all = await api.request('GET', '/adminOrders?state=shipped', { token: api.tokens.admin });
    const listed = all.body.find((entry: { _id: string }) => entry._id === id);
    expect(listed.timeline).toHaveLength(3);
  });

  it('keeps the spec’s approve call (no details) working, and a refused repeat adds no second entry', async () => {
    const { id } = await paidOrder();
    const specBody = { order: { _id: id }, transactionId: 'x', address: 'x' };
    expect((await approve(id, specBody)).body.modifiedCount).toBe(1);
    expect((await approve(id, { carrier: 'UPS', trackingNumber: '1Z999' })).status).toBe(409);
    const order = await getOrder(id);
    expect(order.carrier).toBeUndefined();
    expect(order.trackingNumber).toBeUndefined();
    expect(order.timeline.map((entry: { event: string }) => entry.event)).toEqual([
      'placed',
      'paid',
      'shipped',
    ]);
    expect(order.timeline[2]).toEqual({
      event: 'shipped',
      at: expect.any(String),
      by: 'admin',
      actor: ADMIN,
    });
  });

  it('treats blank fields as not given', async () => {
    const { id } = await paidOrder();
    expect((await approve(id, { carrier: '   ', trackingNumber: '' })).status).toBe(200);
    const order = await getOrder(id);
    expect(order.carrier).toBeUndefined();
    expect(order.timeline[2].trackingNumber).toBeUndefined();
  });

  it.each([
    ['a carrier over 60 characters', { carrier: 'x'.repeat(61) }, 'At most 60 characters'],
    [
      'a tracking number over 60 characters',
      { trackingNumber: '1'.repeat(61) },
      'At most 60 characters',
    ],
    [
      'markup in the tracking number',
      { trackingNumber: '<b>1Z</b>' },
      'The tracking number may hold',
    ],
    ['an operator as the carrier', { carrier: { $ne: 'x' } }, 'The carrier must be text'],
    ['a number as the tracking number', { trackingNumber: 12 }, 'The tracking number may hold'],
    ['an unknown field', { shipped: false }, 'property shipped should not exist'],
  ])('refuses %s with a 400 and changes nothing', async (_label, body, message) => {
    const { id } = await paidOrder();
    const answer = await approve(id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    const order = await getOrder(id);
    expect(order.shipped).toBe(false);
    expect(order.timeline).toHaveLength(2);
  });
});
