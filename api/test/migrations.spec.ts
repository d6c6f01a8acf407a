// Versioned data migrations (api/src/migrations): run at start before the API listens, in order,
// each once across processes (one lease), recorded in `migrations`; a failed one stops the start
// with a clear message and runs again at the next start. The first one numbers the orders placed
// before order numbers, in creation order, and the third gives them their lifecycle state; checked
// here on a database written as before both, with two API processes (api/dist/main.js) starting on
// it at once.
import mongoose, { Types, type Connection } from 'mongoose';
import type { Db } from 'mongodb';
import { MIGRATIONS } from '../src/migrations/migrations';
import type { Migration } from '../src/migrations/migration';
import { MigrationFailedError, runMigrations } from '../src/migrations/run-migrations';
import { ApiProcesses } from './support/api-processes';
import { CUSTOMER } from './support/test-api';

const silent = { info: () => undefined };

describe('the migrations runner', () => {
  let connections: Connection[];
  beforeAll(async () => {
    const dbName = `toolshop_migrations_${new Types.ObjectId().toHexString()}`;
    connections = await Promise.all(
      [1, 2, 3].map(() =>
        mongoose.createConnection(process.env.TEST_MONGODB_URI!, { dbName }).asPromise(),
      ),
    );
  });
  afterAll(async () => {
    await connections[0]!.dropDatabase();
    await Promise.all(connections.map((connection) => connection.close()));
  });
  const db = () => connections[0]!.db!;
  const runs = () => db().collection('runs');

  /** A migration that counts its runs (and can be made to fail). */
  const counting = (id: string, fail?: () => boolean): Migration => ({
    id,
    description: `counts ${id}`,
    async up(target) {
      await target.collection('runs').insertOne({ id, at: new Date() });
      // Slow enough that racing starts overlap.
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (fail?.()) throw new Error(`${id} cannot go on`);
    },
  });

  it('runs each pending migration once, in order, when three processes start at once', async () => {
    const list = [counting('a'), counting('b')];
    const ran = await Promise.all(
      connections.map((connection) => runMigrations(connection, silent, list)),
    );
    expect(ran.flat()).toEqual(['a', 'b']);
    expect((await runs().find().sort({ at: 1 }).toArray()).map((run) => run.id)).toEqual([
      'a',
      'b',
    ]);
    const records = await db().collection('migrations').find().sort({ appliedAt: 1 }).toArray();
    expect(records.map((record) => record._id)).toEqual(['a', 'b']);
    // The lease is gone once the run ended.
    expect(await db().collection('locks').countDocuments()).toBe(0);
    // A later start finds nothing to do.
    expect(await runMigrations(connections[1]!, silent, list)).toEqual([]);
    expect(await runs().countDocuments()).toBe(2);
  });

  it('stops at a failed migration with a clear message, runs none after it, and retries it next start', async () => {
    let broken = true;
    const list = [counting('a'), counting('b'), counting('c', () => broken), counting('d')];
    const info: string[] = [];
    const failed = runMigrations(connections[0]!, { info: (line) => info.push(line) }, list);
    await expect(failed).rejects.toBeInstanceOf(MigrationFailedError);
    await expect(failed).rejects.toThrow(
      'data migration c failed: c cannot go on; the API does not start, and the next start tries the migration again',
    );
    expect(info).toEqual(['data migration c (counts c): starting']);
    const recorded = async () =>
      (await db().collection('migrations').find().toArray()).map((record) => record._id).sort();
    expect(await recorded()).toEqual(['a', 'b']);
    expect(await runs().countDocuments({ id: 'd' })).toBe(0);

    broken = false;
    expect(await runMigrations(connections[2]!, silent, list)).toEqual(['c', 'd']);
    expect(await recorded()).toEqual(['a', 'b', 'c', 'd']);
    expect(await runs().countDocuments({ id: 'c' })).toBe(2);
  });
});

describe('the first migration, on orders written before order numbers', () => {
  const ORDERS = 30;
  let apis: ApiProcesses;
  let ids: string[];

  /** Orders as the code before numbers wrote them (order.schema.ts then), oldest first. */
  async function writeOldOrders(db: Db) {
    const start = Date.now() - 86_400_000;
    const orders = Array.from({ length: ORDERS }, (_, i) => ({
      // Ids in creation order, as ObjectIds made one second apart are.
      _id: Types.ObjectId.createFromTime(Math.floor(start / 1000) + i),
      toolId: new Types.ObjectId(),
      name: `Old Drill ${i}`,
      userName: 'Casey Customer',
      img: '/images/cordless-drill.webp',
      email: CUSTOMER,
      address: '1 Main St',
      phone: '555-0100',
      orderQuantity: 1,
      totalPrice: 25,
      unitPrice: 25,
      paid: i % 2 === 0,
      shipped: false,
      ...(i % 2 === 0 && { transactionId: `pi_old_${i}` }),
      timeline: [{ event: 'placed', at: new Date(start + i * 1000), by: 'customer' }],
      createdAt: new Date(start + i * 1000),
    }));
    // Shuffled on the way in: the numbers follow creation, not insertion.
    await db.collection('orders').insertMany([...orders].reverse());
    ids = orders.map((order) => String(order._id));
    // And one refunded as the code before refunds in parts wrote it: one refund of the whole
    // order, its credit note the order's only one (a unique index on orderId).
    const refunded = orders[0]!;
    await db.collection('orders').updateOne(
      { _id: refunded._id },
      {
        $set: {
          state: 'refunded',
          refund: {
            id: 're_old',
            amount: 25,
            status: 'succeeded',
            at: new Date(),
            by: 'admin@toolshop.test',
            from: 'paid',
            creditNoteNumber: 1,
          },
        },
      },
    );
    await db.collection('credit_notes').createIndex({ orderId: 1 }, { unique: true });
  }

  beforeAll(async () => {
    apis = await ApiProcesses.start(2, { LOG_LEVEL: 'info' }, writeOldOrders);
  }, 240_000);
  afterAll(() => apis?.stop());

  const numbersById = async () =>
    new Map(
      (
        await apis.db
          .collection('orders')
          .find({}, { projection: { number: 1 } })
          .toArray()
      ).map((order) => [String(order._id), order.number as string | undefined]),
    );

  it('gives every old order a number in creation order, once, though two processes started at once', async () => {
    const numbers = await numbersById();
    const expected = ids.map((_, i) => `TS-${100_001 + i}`);
    expect(ids.map((id) => numbers.get(id))).toEqual(expected);
    const records = await apis.db.collection('migrations').find().toArray();
    expect(records.map((record) => record._id)).toEqual(
      MIGRATIONS.map((migration) => migration.id),
    );
    // One process ran it; the other waited for the lease and found it done: one run's numbers
    // were taken from the counter, and one process logged it.
    const counter = await apis.db.collection('counters').findOne({ _id: 'orderNumber' as never });
    expect(counter?.seq).toBe(ORDERS);
    const started = apis.instances.filter((instance) =>
      instance.output
        .join('')
        .includes(
          'data migration 001-order-numbers (existing orders get a number, in creation order): starting',
        ),
    );
    expect(started).toHaveLength(1);
    // The API answers the numbers, and the state each order had as two booleans.
    const answer = await apis.request(1, 'GET', `/orders/${ids[3]}`, {
      token: apis.tokens.customer,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      number: 'TS-100004',
      state: 'unpaid',
      allowedActions: ['pay', 'cancel'],
    });
    const states = await apis.db
      .collection('orders')
      .find({}, { projection: { state: 1, paid: 1 } })
      .toArray();
    expect(states).toHaveLength(ORDERS);
    for (const order of states.filter((each) => String(each._id) !== ids[0]))
      expect(order.state).toBe(order.paid ? 'paid' : 'unpaid');
  });

  it('makes the one refund of an old order the first of its refunds, and notes one per refund', async () => {
    const answer = await apis.request(0, 'GET', `/orders/${ids[0]}`, {
      token: apis.tokens.customer,
    });
    expect(answer.body).toMatchObject({
      state: 'refunded',
      refunds: [
        {
          id: 're_old',
          amount: 25,
          status: 'succeeded',
          creditNoteNumber: 1,
          lines: [{ toolId: expect.any(String), quantity: 1 }],
        },
      ],
    });
    expect(answer.body.refund).toBeUndefined();
    const indexes = await apis.db.collection('credit_notes').indexes();
    expect(indexes.filter((index) => index.unique).map((index) => index.key)).toEqual([
      { refundId: 1 },
    ]);
  });

  it('leaves the numbers as they are at the next start, and numbers new orders after them', async () => {
    const before = await numbersById();
    await apis.kill(0);
    await apis.restart(0);
    expect(await numbersById()).toEqual(before);
    const { insertedId: toolId } = await apis.db.collection('tools').insertOne({
      name: 'New Drill',
      img: '/images/cordless-drill.webp',
      shortDescription: 'After the migration',
      minOrder: 1,
      available: 10,
      price: 25,
    });
    const placed = await apis.request(0, 'POST', '/orders', {
      token: apis.tokens.customer,
      body: { toolId: String(toolId), address: '1 Main St', phone: '555-0100', orderQuantity: 1 },
    });
    expect(placed.status).toBe(201);
    const order = await apis.request(1, 'GET', `/orders/${placed.body.insertedId}`, {
      token: apis.tokens.customer,
    });
    expect(order.body.number).toBe(`TS-${100_001 + ORDERS}`);
  });
});
