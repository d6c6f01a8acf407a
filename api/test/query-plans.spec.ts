// Every list the API answers is served by an index at a manufacturer's volume (5,000 products,
// 50,000 orders and their emails, 20,000 reviews, 2,000 buyers and their saved lists, 5,000 audit
// entries: scripts/large-data.mjs). The test calls each list
// endpoint as its users do (deep pages and every filter included), records every read the API
// sends to the database (mongoose's debug hook), asks the database to explain each one, and fails
// on a read of a whole collection: a sequential scan, or on the embedded engine a bitmap scan of
// the primary key that matches every row. Only the collections and reads named in ALLOWED may do so.
// An unfiltered total is the count command (countOf in common/pagination.ts: metadata on MongoDB,
// a plain row count on the embedded engine), which explains nothing here.
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import type { Db } from 'mongodb';
import { ADMIN, TestApi } from './support/test-api';

interface LargeData {
  loadLargeData(db: Db, options?: { log?: (line: string) => void }): Promise<unknown>;
  BIG_BUYER: string;
}
interface Devstack {
  postgresSql(socket: string, statement: string): string;
}

/** Reads that may read a whole collection, and why. */
const ALLOWED: Record<string, string> = {
  // Small by nature: a handful of documents each.
  'locks:*': 'leases in flight',
  'meta:*': 'one marker document',
  'rate_limit_hits:*': 'one minute of requests',
  'idempotency_keys:*': 'swept after a day',
  'unpaid_order_slots:*': 'one per open unpaid order (indexed by expiry for the sweep)',
  // Empty here (the large data has no companies): the planner scans an empty table rather than
  // its unique email index; GET /savedLists reads the caller's membership by email.
  'company_members:*': 'one per member of a company, none in the large data',
  // The expiry sweep, once a minute in the background (it may run during any request measured
  // here): the products with a stock change in flight have no index of their own, so it reads
  // each product's holds (5,000 small documents, about 20 ms).
  'tools:holdsSweep': 'the background sweep of stock changes in flight',
  // A substring of any product's name or description cannot be looked up in a btree index;
  // the search reads the 5,000 names (about 20 ms) and the answer is cached per query.
  'tools:search': 'free-text substring search (?q=)',
  // Comparing two fields of a product (stock below its own threshold) has no index either;
  // an admin's view, cached like the catalog.
  'tools:lowStock': 'the low-stock view compares two fields of each product',
  // DocumentDB (0.106) orders by an index only by the primary key (newest first everywhere else):
  // the whole catalog by name or price (5,000 products) and GET /user by email (2,000 users) are
  // sorted in the database, about 10-20 ms each, and the catalog's views are cached.
  'tools:sorted': 'the whole catalog sorted by name or price',
  'users:byEmail': 'admin user list in email order',
};

interface Read {
  collection: string;
  method: string;
  args: unknown[];
  label: string;
}

let api: TestApi;
let reads: Read[] = [];
let label = '';
let bigBuyer = '';
let someTool = '';
let someOrder = '';
let someNumber = '';

beforeAll(async () => {
  // Loaded before the API starts, whose start then builds every index over the data at once:
  // keeping the indexes up to date through 130,000 inserts took twice as long.
  const dbName = `toolshop_test_${randomBytes(4).toString('hex')}`;
  const loader = await mongoose
    .createConnection(process.env.TEST_MONGODB_URI!, { dbName })
    .asPromise();
  const large = (await import('../scripts/large-data.mjs' as string)) as LargeData;
  bigBuyer = large.BIG_BUYER;
  await large.loadLargeData(loader.db as unknown as Db, { log: () => undefined });
  await loader.collection('audit').insertMany(
    Array.from({ length: 5_000 }, (_, i) => ({
      actor: ADMIN,
      action: 'product.restock',
      targetId: String(i),
      at: new Date(Date.now() - i * 1000),
    })),
  );
  await loader.close();
  api = await TestApi.start({ CATALOG_CACHE_MS: '0', MONGODB_DB: dbName });
  someTool = String((await api.db.collection('tools').findOne({}))!._id);
  someOrder = String((await api.db.collection('orders').findOne({}))!._id);
  someNumber = String((await api.db.collection('orders').findOne({}))!.number);
  await api.db
    .collection('orders')
    .updateOne({ number: someNumber }, { $set: { purchaseOrder: 'PO-4711' } });
  // Fresh statistics, as autovacuum would gather them within a minute of such a load.
  const socket = process.env.TEST_POSTGRES_SOCKET;
  if (socket) {
    const { postgresSql } = (await import('@toolshop/devstack/database' as string)) as Devstack;
    postgresSql(socket, 'ANALYZE');
  }
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (label) reads.push({ collection, method, args, label });
  });
}, 300_000);

afterAll(async () => {
  mongoose.set('debug', false);
  await api.stop();
});

/** The reads one call sends to the database. */
async function readsOf(path: string, token: string): Promise<Read[]> {
  reads = [];
  label = path;
  const answer = await api.request('GET', path, { token });
  label = '';
  expect(answer.status).toBe(200);
  return reads;
}

/** The plan of one read, as the database explains it. */
async function explain(read: Read): Promise<unknown> {
  const db = api.db.db!;
  const [first, second] = read.args as [Record<string, unknown>, Record<string, unknown>];
  const options = (second ?? {}) as Record<string, unknown>;
  switch (read.method) {
    case 'find':
    case 'findOne': {
      const cursor = db.collection(read.collection).find(first, {
        projection: options.projection as Record<string, number> | undefined,
        sort: options.sort as Record<string, 1 | -1> | undefined,
        skip: options.skip as number | undefined,
        limit: read.method === 'findOne' ? 1 : (options.limit as number | undefined),
      });
      return cursor.explain();
    }
    case 'countDocuments':
      return db
        .collection(read.collection)
        .aggregate([{ $match: first ?? {} }, { $group: { _id: 1, n: { $sum: 1 } } }])
        .explain();
    case 'distinct': // explained as the same read in a pipeline (FerretDB explains no distinct)
      return db
        .collection(read.collection)
        .aggregate([{ $match: second ?? {} }, { $group: { _id: `$${String(first)}` } }])
        .explain();
    case 'aggregate':
      return db
        .collection(read.collection)
        .aggregate(first as never)
        .explain();
    default:
      return undefined;
  }
}

/** Whole-collection reads in a plan: PostgreSQL's (embedded engine) or MongoDB's. */
function wholeScans(plan: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n['Node Type'] === 'Seq Scan') found.push('Seq Scan');
    // The primary key matched only by the collection's shard key: every row of it.
    if (
      n['Node Type'] === 'Bitmap Index Scan' &&
      n['Index Name'] === '_id_' &&
      /^\(shard_key_value = '\d+'::bigint\)$/.test(String(n['Index Cond']))
    )
      found.push('Bitmap Index Scan of every _id');
    if (n.stage === 'COLLSCAN') found.push('COLLSCAN');
    for (const value of Object.values(n)) visit(value);
  };
  visit(plan);
  return found;
}

/** Which ALLOWED entry a read falls under, if any. */
function allowance(read: Read, path: string): string | undefined {
  if (ALLOWED[`${read.collection}:*`]) return `${read.collection}:*`;
  if (read.collection === 'tools' && 'holds' in ((read.args[0] ?? {}) as object))
    return 'tools:holdsSweep';
  if (read.collection === 'tools' && /[?&]q=/.test(path)) return 'tools:search';
  if (read.collection === 'tools' && /lowStock/.test(path)) return 'tools:lowStock';
  if (
    read.collection === 'tools' &&
    /[?&]sort=(name|-?price)/.test(path) &&
    !/category=/.test(path)
  )
    return 'tools:sorted';
  if (read.collection === 'users' && path.startsWith('/user?')) return 'users:byEmail';
  return undefined;
}

const lists = () => {
  const customer = api.issuer.token({ email: bigBuyer, name: 'Demo Customer' });
  const admin = api.tokens.admin;
  const email = encodeURIComponent(bigBuyer);
  return [
    ['/tools', customer],
    ['/tools?limit=20&page=200', customer],
    ['/tools?category=Saws&sort=price&limit=20&page=10', customer],
    ['/tools?category=Drills&sort=-price', customer],
    ['/tools?sort=name&limit=20&page=5', customer],
    ['/tools?sort=-price&limit=20', customer],
    ['/tools?inStock=true&limit=20&page=50', customer],
    ['/tools?q=drill&limit=20', customer],
    ['/tools?lowStock=true&limit=20', admin],
    // Quick Order's typeahead: SKU and name prefixes, ranges on their indexes.
    ['/tools/lookup?q=d', customer],
    ['/tools/lookup?q=drill%20d&limit=20', customer],
    ['/reviews?limit=20', customer],
    ['/reviews?limit=20&page=100', customer],
    [`/reviews?toolId=${someTool}&limit=20&page=1`, customer],
    [`/userReviews?email=${email}&limit=20`, customer],
    ['/adminReviews?limit=20&page=100', admin],
    [`/orders?email=${email}&limit=20`, customer],
    [`/orders?email=${email}&limit=20&page=50`, customer],
    [`/orders?email=${email}`, customer],
    ['/adminOrders?limit=20', admin],
    ['/adminOrders?limit=20&page=100', admin],
    ['/adminOrders?state=unpaid&limit=20', admin],
    ['/adminOrders?state=paid&limit=20&page=100', admin],
    ['/adminOrders?state=shipped&limit=20&page=100', admin],
    // Admin search by an order id, an email's start, or ship-to words (bounded window).
    [`/adminOrders?q=${someOrder}&limit=20`, admin],
    [`/adminOrders?q=${email}&limit=20`, admin],
    // The search by an order number (the number index), with and without its prefix.
    [`/adminOrders?q=${someNumber}&limit=20`, admin],
    [`/adminOrders?q=${someNumber.slice(3)}&state=paid&limit=20`, admin],
    ['/adminOrders?q=workshop%20lane&state=paid&limit=20', admin],
    // The search by a buyer's PO number (the purchaseOrder index).
    ['/adminOrders?q=PO-4711&limit=20', admin],
    ['/adminOrders/stats?days=30', admin],
    ['/adminOrders/export.csv?state=paid', admin],
    ['/audit?limit=20&page=100', admin],
    ['/user?limit=20&page=50', admin],
    ['/savedLists', customer],
  ] as const;
};

it('serves every list from an index at 50,000 orders', async () => {
  const problems: string[] = [];
  const allowed = new Set<string>();
  let explained = 0;
  for (const [path, token] of lists()) {
    for (const read of await readsOf(path, token)) {
      const plan = await explain(read);
      if (plan === undefined) continue;
      explained++;
      const scans = wholeScans(plan);
      if (scans.length === 0) continue;
      const allowedAs = allowance(read, path);
      if (allowedAs) allowed.add(allowedAs);
      else
        problems.push(
          `${path}: ${read.collection}.${read.method}(${JSON.stringify(read.args[0])}, ${JSON.stringify(read.args[1])}) reads the whole collection (${scans.join(', ')})`,
        );
    }
  }
  expect(problems).toEqual([]);
  expect(explained).toBeGreaterThan(30);
  // An allowance nothing needs any more is dropped from ALLOWED (except the tiny collections').
  for (const name of ['tools:search', 'tools:lowStock', 'tools:sorted', 'users:byEmail'])
    if (process.env.TEST_POSTGRES_SOCKET) expect([...allowed]).toContain(name);
}, 300_000);

it('notices a whole-collection read (the check itself)', async () => {
  const plan = await api.db
    .db!.collection('orders')
    .find({ address: '1 Workshop Lane, Pittsburgh' })
    .explain();
  expect(wholeScans(plan).length).toBeGreaterThan(0);
});
