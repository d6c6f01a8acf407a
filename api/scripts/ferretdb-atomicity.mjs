// Measures which single operations the database applies atomically when several PROCESSES race on
// one document (what the API's single conditional writes rely on: api/README.md, "Concurrency").
// Starts the embedded database like the tests do (or uses MONGODB_URI), then for each case forks
// two workers that fire their half of the operations at once, and checks the outcome against what
// an atomic database must give.
//
//   node api/scripts/ferretdb-atomicity.mjs [--rounds 5] [--port 29817]
//
// Prints one line per case: how many rounds of `rounds` ended exactly as an atomic database would.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';

const WORKERS = 2;
const PER_WORKER = 25;

/** 1 when this insert won, 0 when a unique index refused it (E11000). */
async function insertWins(collection, document) {
  try {
    await collection.insertOne(document);
    return 1;
  } catch (error) {
    if (error.code === 11000) return 0;
    throw error;
  }
}

/**
 * Each case: prepare the collection, the op every worker (0, 1) runs PER_WORKER times at once, the
 * check.
 */
const cases = {
  'conditional findOneAndUpdate ($gte, $inc -1) on stock 10': {
    prepare: (c) => c.insertOne({ _id: 'tool', available: 10 }),
    op: async (c) =>
      (await c.findOneAndUpdate(
        { _id: 'tool', available: { $gte: 1 } },
        { $inc: { available: -1 } },
      ))
        ? 1
        : 0,
    check: async (c, wins) => {
      const stock = (await c.findOne({ _id: 'tool' })).available;
      return { ok: wins === 10 && stock === 0, detail: `${wins} took, stock ${stock}` };
    },
  },
  'unconditional $inc of one field by every caller': {
    prepare: (c) => c.insertOne({ _id: 'counter', n: 0 }),
    op: async (c) => (await c.updateOne({ _id: 'counter' }, { $inc: { n: 1 } })).modifiedCount,
    check: async (c, wins) => {
      const { n } = await c.findOne({ _id: 'counter' });
      return {
        ok: wins === WORKERS * PER_WORKER && n === WORKERS * PER_WORKER,
        detail: `n = ${n}`,
      };
    },
  },
  'unconditional $inc of two fields of one document, one field per process': {
    // One process increments a, the other b: a database that writes whole documents back loses
    // some of either.
    prepare: (c) => c.insertOne({ _id: 'doc', a: 0, b: 0 }),
    op: async (c, worker) =>
      (await c.updateOne({ _id: 'doc' }, { $inc: { [worker === 0 ? 'a' : 'b']: 1 } }))
        .modifiedCount,
    check: async (c) => {
      const { a, b } = await c.findOne({ _id: 'doc' });
      return { ok: a === PER_WORKER && b === PER_WORKER, detail: `a = ${a}, b = ${b}` };
    },
  },
  'conditional updateOne ($set owner where owner absent)': {
    prepare: (c) => c.insertOne({ _id: 'order' }),
    op: async (c, worker, i) =>
      (
        await c.updateOne(
          { _id: 'order', owner: { $exists: false } },
          { $set: { owner: `${worker}-${i}` } },
        )
      ).modifiedCount,
    check: async (_c, wins) => ({ ok: wins === 1, detail: `${wins} claimed` }),
  },
  'insertOne with one _id (unique index)': {
    prepare: async () => {},
    op: (c) => insertWins(c, { _id: 'lock' }),
    check: async (_c, wins) => ({ ok: wins === 1, detail: `${wins} inserted` }),
  },
  'insertOne against a unique secondary index': {
    prepare: (c) => c.createIndex({ key: 1 }, { unique: true }),
    op: (c) => insertWins(c, { key: 'k' }),
    check: async (_c, wins) => ({ ok: wins === 1, detail: `${wins} inserted` }),
  },
  'deleteOne by _id (deletedCount)': {
    prepare: (c) => c.insertOne({ _id: 'lease' }),
    op: async (c) => (await c.deleteOne({ _id: 'lease' })).deletedCount,
    check: async (_c, wins) => ({ ok: wins === 1, detail: `deletedCount summed ${wins}` }),
  },
  'conditional deleteOne ({_id, token: a}) racing a replacement by token b': {
    // Whoever deletes the token-a document inserts a token-b one at once; the other deletes filter
    // on token a, so an atomic database never removes the token-b document.
    prepare: (c) => c.insertOne({ _id: 'lease', token: 'a' }),
    op: async (c) => {
      const { deletedCount } = await c.deleteOne({ _id: 'lease', token: 'a' });
      // A second "winner" finds a b document in the way (E11000) unless a delete removed it.
      if (deletedCount === 1) await c.insertOne({ _id: 'lease', token: 'b' }).catch(() => {});
      return deletedCount;
    },
    check: async (c, wins) => {
      const left = await c.findOne({ _id: 'lease' });
      return {
        ok: wins === 1 && left?.token === 'b',
        detail: `deletedCount summed ${wins}, left: ${left ? left.token : 'nothing'}`,
      };
    },
  },
};

async function worker() {
  const [uri, dbName, name, index] = process.argv.slice(3);
  const client = new MongoClient(uri, { maxPoolSize: PER_WORKER });
  await client.connect();
  const c = client.db(dbName).collection('race');
  await c.findOne({}); // warm the pool before the start signal
  await Promise.all(Array.from({ length: PER_WORKER }, () => c.findOne({})));
  process.send({ ready: true });
  process.once('message', async () => {
    const results = await Promise.all(
      Array.from({ length: PER_WORKER }, (_, i) => cases[name].op(c, Number(index), i)),
    );
    process.send({ wins: results.reduce((a, b) => a + b, 0) });
    await client.close();
  });
}

async function runCase(uri, client, name, round) {
  const dbName = `atomicity_${round}_${Object.keys(cases).indexOf(name)}`;
  const c = client.db(dbName).collection('race');
  await cases[name].prepare(c);
  const children = Array.from({ length: WORKERS }, (_, index) =>
    fork(new URL(import.meta.url).pathname, ['worker', uri, dbName, name, String(index)]),
  );
  await Promise.all(children.map((child) => new Promise((ok) => child.once('message', ok))));
  const answers = children.map(
    (child) =>
      new Promise((ok, fail) => {
        child.once('message', ({ wins }) => ok(wins));
        child.once('exit', (code) => code && fail(new Error(`worker exited ${code}`)));
      }),
  );
  for (const child of children) child.send('go');
  const wins = (await Promise.all(answers)).reduce((a, b) => a + b, 0);
  const outcome = await cases[name].check(c, wins);
  await client.db(dbName).dropDatabase();
  return outcome;
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      port: { type: 'string', default: '29817' },
    },
  });
  let database;
  let dataDir;
  if (!process.env.MONGODB_URI) {
    const { startDatabase } = await import('@toolshop/devstack/database');
    dataDir = mkdtempSync(join(tmpdir(), 'toolshop-atomicity-'));
    database = await startDatabase({ port: Number(values.port), dataDir });
  }
  const uri = process.env.MONGODB_URI ?? database.uri;
  const client = new MongoClient(uri);
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    // FerretDB v1 answered ferretdbVersion, v2 answers ferretdb: { version }.
    const ferret = info.ferretdb?.version ?? info.ferretdbVersion;
    console.log(
      `${database?.kind ?? 'external'} (${ferret ? `FerretDB ${ferret}` : `MongoDB ${info.version}`}),` +
        ` ${WORKERS} processes x ${PER_WORKER} operations at once, ${values.rounds} rounds`,
    );
    for (const name of Object.keys(cases)) {
      const outcomes = [];
      for (let round = 0; round < Number(values.rounds); round++)
        outcomes.push(await runCase(uri, client, name, round));
      const exact = outcomes.filter((o) => o.ok).length;
      console.log(
        `${exact}/${outcomes.length} exact  ${name}  [${outcomes.map((o) => o.detail).join('; ')}]`,
      );
    }
  } finally {
    await client.close();
    await database?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'worker') await worker();
else await main();
