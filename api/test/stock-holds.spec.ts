// A process that dies in the middle of an order's stock change loses no stock, and the
// cap of open unpaid orders holds exactly, with several processes sweeping at once.
import { getModelToken } from '@nestjs/mongoose';
import { RuleMessages } from '@toolshop/contracts';
import { Types, type Model } from 'mongoose';
import { API_CONFIG, type ApiConfig } from '../src/config/config';
import { CancelableOrders } from '../src/orders/cancelable-orders';
import { OrderChanges } from '../src/orders/order-changes';
import { OrderExpiry } from '../src/orders/order-expiry';
import { Order } from '../src/orders/order.schema';
import {
  IN_FLIGHT_GRACE_MS,
  UnpaidOrderSlot,
  UnpaidOrderSlots,
} from '../src/orders/unpaid-order-slots';
import { Tool } from '../src/tools/tool.schema';
import { StockReservations } from '../src/tools/stock-reservations';
import { CUSTOMER, OTHER, TestApi } from './support/test-api';

const MAX_UNPAID = 3;
const SWEEPERS = 3;

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ MAX_UNPAID_ORDERS: String(MAX_UNPAID) });
});
afterAll(() => api.stop());

const oid = (id: string) => new Types.ObjectId(id);
const afterGrace = () => new Date(Date.now() + IN_FLIGHT_GRACE_MS + 60_000);

/** What another API process brings to a sweep: services over the same database, nothing shared. */
function otherProcess() {
  const config = api.app.get<ApiConfig>(API_CONFIG);
  const toolModel = api.app.get<Model<Tool>>(getModelToken(Tool.name));
  const orderModel = api.app.get<Model<Order>>(getModelToken(Order.name));
  const tools = new StockReservations(toolModel);
  const slots = new UnpaidOrderSlots(
    api.app.get(getModelToken(UnpaidOrderSlot.name)),
    orderModel,
    config,
  );
  const orders = new CancelableOrders(orderModel, new OrderChanges(orderModel), tools, slots);
  return { tools, slots, orders };
}

async function holdsOf(toolId: string) {
  const tool = await api.db.collection('tools').findOne({ _id: oid(toolId) });
  return Object.keys(tool?.holds ?? {});
}

/** Every sweeper at once: the app's own expiry sweep and SWEEPERS other processes'. */
async function sweepEverywhere(at: Date): Promise<number> {
  const before = new Date(at.getTime() - IN_FLIGHT_GRACE_MS);
  const counts = await Promise.all([
    api.app
      .get(OrderExpiry)
      .sweep(at)
      .then(() => 0),
    ...Array.from({ length: SWEEPERS }, () =>
      otherProcess().orders.settleAbandonedHolds(before, 100),
    ),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}

describe('stock holds', () => {
  it('gives back, exactly once, the stock taken by a process that died before saving the order', async () => {
    const toolId = await api.insertTool({ available: 10 });
    // The first half of POST /orders (StockReservations.reserve), then the process dies: stock taken,
    // hold left behind, no order.
    const orderId = String(new Types.ObjectId());
    const hold = { quantity: 3, at: new Date() };
    expect(await otherProcess().tools.takeHeld(toolId, orderId, hold)).not.toBeNull();
    expect(await api.toolStock(toolId)).toBe(7);
    expect(await api.db.collection('orders').countDocuments({ _id: oid(orderId) })).toBe(0);

    // Within the grace an order may still be in flight: nothing is given back.
    expect(await sweepEverywhere(new Date())).toBe(0);
    expect(await api.toolStock(toolId)).toBe(7);

    // After it, every sweeper at once: the stock comes back once.
    const returned = await sweepEverywhere(afterGrace());
    expect(await api.toolStock(toolId)).toBe(10);
    // Units given back by the other processes' sweeps (the app's own sweep does not count them).
    expect([0, 3]).toContain(returned);
    expect(await holdsOf(toolId)).toEqual([]);
    expect(await sweepEverywhere(afterGrace())).toBe(0);
    expect(await api.toolStock(toolId)).toBe(10);
    // And the tool sells normally afterwards.
    const sold = await api.placeOrder(toolId, api.tokens.other, 10);
    expect(await api.toolStock(toolId)).toBe(0);
    await api.request('DELETE', `/orders/${sold}`, { token: api.tokens.other });
  });

  it('keeps the stock with the order when the process died after saving it (only the hold goes)', async () => {
    const toolId = await api.insertTool({ available: 10 });
    const orderId = await api.placeOrder(toolId, api.tokens.other, 2);
    expect(await holdsOf(toolId)).toEqual([]);
    // As if the process had died between the order's insert and the hold's removal.
    await api.db
      .collection('tools')
      .updateOne(
        { _id: oid(toolId) },
        { $set: { [`holds.${orderId}`]: { quantity: 2, at: new Date() } } },
      );
    expect(await sweepEverywhere(afterGrace())).toBe(0);
    expect(await api.toolStock(toolId)).toBe(8);
    expect(await holdsOf(toolId)).toEqual([]);
    // Its cancel then gives the 2 back, once.
    const cancel = await api.request('DELETE', `/orders/${orderId}`, { token: api.tokens.other });
    expect(cancel.status).toBe(200);
    expect(await api.toolStock(toolId)).toBe(10);
  });

  it('finishes the give-back of a cancel whose process died after deleting the order', async () => {
    const toolId = await api.insertTool({ available: 10 });
    const orderId = await api.placeOrder(toolId, api.tokens.other, 4);
    expect(await api.toolStock(toolId)).toBe(6);
    // The first half of a cancel (StockReservations.returnForAll): the returning hold, the order's
    // deletion; then the process dies before putting the 4 back.
    await api.db
      .collection('tools')
      .updateOne(
        { _id: oid(toolId) },
        { $set: { [`holds.${orderId}`]: { quantity: 4, at: new Date(), returning: true } } },
      );
    await api.db.collection('orders').deleteOne({ _id: oid(orderId) });
    await sweepEverywhere(afterGrace());
    expect(await api.toolStock(toolId)).toBe(10);
    expect(await holdsOf(toolId)).toEqual([]);
    // (Its slot is the slot sweep's, once lapsed: see the slot tests.)
    await api.db.collection('unpaid_order_slots').deleteMany({ orderId });
  });

  it("gives back once when a sweep and the hold's writer end it at the same moment", async () => {
    for (let round = 0; round < 10; round++) {
      const toolId = await api.insertTool({ available: 10 });
      const orderId = String(new Types.ObjectId());
      // A hold of an order that was never saved, old enough for the sweep; its writer is still
      // there and gives the stock back too (as reserve does when the order's insert fails).
      const hold = { quantity: 3, at: new Date(Date.now() - IN_FLIGHT_GRACE_MS - 60_000) };
      const writer = otherProcess().tools;
      expect(await writer.takeHeld(toolId, orderId, hold)).not.toBeNull();
      const notSaved = async () => false;
      const returned = await Promise.all([
        ...Array.from({ length: 3 }, () =>
          otherProcess().tools.settleHolds(toolId, new Date(), notSaved),
        ),
        writer['settle'](toolId, orderId, hold, notSaved),
      ]);
      expect(returned.reduce((a, b) => a + b, 0)).toBe(3);
      expect(await api.toolStock(toolId)).toBe(10);
      expect(await holdsOf(toolId)).toEqual([]);
    }
  });

  it('leaves a returning hold written since a sweep read the older one to the cancel', async () => {
    const toolId = await api.insertTool({ available: 10 });
    const orderId = await api.placeOrder(toolId, api.tokens.other, 4);
    const old = { quantity: 4, at: new Date(Date.now() - IN_FLIGHT_GRACE_MS - 60_000) };
    await api.db
      .collection('tools')
      .updateOne({ _id: oid(toolId) }, { $set: { [`holds.${orderId}`]: old } });
    // The cancel replaces it with its returning hold, deletes the order and gives the 4 back; a
    // sweep that read the old hold (order still there: nothing back) then ends nothing.
    const cancel = await api.request('DELETE', `/orders/${orderId}`, { token: api.tokens.other });
    expect(cancel.status).toBe(200);
    expect(await otherProcess().tools['settle'](toolId, orderId, old, async () => true)).toBe(0);
    expect(await api.toolStock(toolId)).toBe(10);
    expect(await holdsOf(toolId)).toEqual([]);
    await api.db.collection('unpaid_order_slots').deleteMany({ orderId });
  });

  it('gives back once and leaves no hold when cancels of one order overlap or come late', async () => {
    for (let round = 0; round < 5; round++) {
      const toolId = await api.insertTool({ available: 10 });
      const orderId = await api.placeOrder(toolId, api.tokens.other, 4);
      const lines = [{ toolId, quantity: 4 }];
      const deleteIt = async () =>
        (await api.db.collection('orders').deleteOne({ _id: oid(orderId) })).deletedCount > 0;
      // Overlapping cancels on several processes (one deletes the order), then one that read the
      // order before it went and writes its returning hold after the give-back.
      const removed = await Promise.all(
        Array.from({ length: 4 }, () =>
          otherProcess().tools.returnForAll(lines, orderId, deleteIt),
        ),
      );
      expect(removed.filter(Boolean)).toHaveLength(1);
      expect(await otherProcess().tools.returnForAll(lines, orderId, deleteIt)).toBe(false);
      expect(await api.toolStock(toolId)).toBe(10);
      expect(await holdsOf(toolId)).toEqual([]);
      // Nothing left for a sweep to give back a second time.
      await sweepEverywhere(afterGrace());
      expect(await api.toolStock(toolId)).toBe(10);
      await api.db.collection('unpaid_order_slots').deleteMany({ orderId });
    }
  });

  it('leaves no hold behind a normal order and cancel, and keeps holds out of the answers', async () => {
    const toolId = await api.insertTool({ available: 10 });
    const orderId = await api.placeOrder(toolId, api.tokens.other, 1);
    const tool = await api.request('GET', `/tools/${toolId}`);
    expect(tool.body).not.toHaveProperty('holds');
    await api.request('DELETE', `/orders/${orderId}`, { token: api.tokens.other });
    expect(await holdsOf(toolId)).toEqual([]);
    expect(await api.toolStock(toolId)).toBe(10);
    const list = await api.request('GET', '/tools');
    for (const item of list.body) expect(item).not.toHaveProperty('holds');
  });
});

describe('unpaid-order slots', () => {
  const slotsOf = (email: string) =>
    api.db
      .collection('unpaid_order_slots')
      .find({ _id: { $regex: `^${email.replace(/[.@]/g, '\\$&')}#` } } as never)
      .toArray();
  const cancelAll = async (token: string, email: string) => {
    const own = await api.request('GET', `/orders?email=${email}`, { token });
    for (const { _id, paid } of own.body) {
      if (!paid) await api.request('DELETE', `/orders/${_id}`, { token });
    }
  };

  it('keeps the cap exact while sweeps race new orders: a lapsed slot of an open unpaid order stays taken', async () => {
    const toolId = await api.insertTool({ available: 100 });
    for (let i = 0; i < MAX_UNPAID; i++) await api.placeOrder(toolId);
    // Their slots lapsed but the orders are still open and unpaid (their expiry was refused, say
    // a payment still processing): the sweep must not free their places.
    await api.db
      .collection('unpaid_order_slots')
      .updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const at = afterGrace();
    const raced = await Promise.all([
      ...Array.from({ length: SWEEPERS }, () => otherProcess().slots.releaseLapsed(at)),
      ...Array.from({ length: 8 }, () =>
        api.request('POST', '/orders', {
          token: api.tokens.customer,
          body: { toolId, address: '1 Main St', phone: '555-0100', orderQuantity: 1 },
        }),
      ),
    ]);
    const statuses = raced.slice(SWEEPERS).map((answer) => (answer as { status: number }).status);
    expect(statuses).toEqual(Array(8).fill(409));
    expect((raced[SWEEPERS] as { body: { message: string } }).body.message).toBe(
      RuleMessages.tooManyUnpaidOrders,
    );
    expect(await slotsOf(CUSTOMER)).toHaveLength(MAX_UNPAID);
    expect(await api.toolStock(toolId)).toBe(100 - MAX_UNPAID);

    // Once the orders are gone, their lapsed slots are swept (by one of the racing sweepers).
    await api.db.collection('orders').deleteMany({ email: CUSTOMER });
    await Promise.all(
      Array.from({ length: SWEEPERS }, () => otherProcess().slots.releaseLapsed(at)),
    );
    expect(await slotsOf(CUSTOMER)).toHaveLength(0);
  });

  it('frees only its own slot: a late release of an order never frees the place another order took since', async () => {
    const toolId = await api.insertTool({ available: 100 });
    const first = await api.placeOrder(toolId, api.tokens.other);
    const [slot] = await slotsOf(OTHER);
    expect(slot?.orderId).toBe(first);
    // The slot was swept (its order gone, say) and claimed by a newer order, then the first
    // order's release comes late: the newer order keeps its place.
    const newer = String(new Types.ObjectId());
    await api.db.collection('unpaid_order_slots').deleteOne({ _id: slot!._id } as never);
    await api.db.collection('unpaid_order_slots').insertOne({
      _id: slot!._id,
      orderId: newer,
      expiresAt: new Date(Date.now() + 60_000),
    } as never);
    await Promise.all(
      Array.from({ length: SWEEPERS }, () =>
        otherProcess().slots.release(String(slot!._id), first),
      ),
    );
    expect((await slotsOf(OTHER)).map((s) => s.orderId)).toEqual([newer]);
    await api.db.collection('unpaid_order_slots').deleteMany({ orderId: newer });
    await cancelAll(api.tokens.other, OTHER);
  });

  it('holds the cap under a burst of orders and cancels from several processes', async () => {
    const toolId = await api.insertTool({ available: 1000 });
    const place = () =>
      api.request('POST', '/orders', {
        token: api.tokens.customer,
        body: { toolId, address: '1 Main St', phone: '555-0100', orderQuantity: 1 },
      });
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, place));
      const open = await api.db
        .collection('orders')
        .countDocuments({ email: CUSTOMER, state: 'unpaid' });
      expect(open).toBeLessThanOrEqual(MAX_UNPAID);
      expect(answers.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(
        MAX_UNPAID,
      );
      await cancelAll(api.tokens.customer, CUSTOMER);
      expect(await slotsOf(CUSTOMER)).toHaveLength(0);
    }
    expect(await api.toolStock(toolId)).toBe(1000);
  });
});
