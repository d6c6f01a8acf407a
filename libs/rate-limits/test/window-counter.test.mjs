import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { WindowCounter } from '../src/index.cjs';

/**
 * A collection whose inserts are atomic per `_id`, like a unique index, with an ordered insertMany
 * that stops at the first taken `_id` (as the driver reports it); every call yields first.
 * @returns {import('../src/index.cjs').HitCollection & { documents: Map<string, import('../src/index.cjs').HitDocument> }}
 */
function memoryHits() {
  const documents = new Map();
  return {
    documents,
    async insertMany(hits) {
      await sleep(Math.random() * 2);
      let insertedCount = 0;
      for (const hit of hits) {
        if (documents.has(hit._id))
          throw Object.assign(new Error('E11000 duplicate key'), {
            code: 11000,
            result: { insertedCount },
          });
        documents.set(hit._id, hit);
        insertedCount += 1;
      }
    },
    async countDocuments({ key, window }) {
      await sleep(0);
      return [...documents.values()].filter((d) => d.key === key && d.window === window).length;
    },
    async deleteMany({ expiresAt }) {
      for (const [id, hit] of documents) if (hit.expiresAt < expiresAt.$lt) documents.delete(id);
    },
    async createIndex() {},
  };
}

test('exactly the limit of a window passes, across processes sharing the collection', async () => {
  const hits = memoryHits();
  const now = () => 1_000_000;
  const one = new WindowCounter(hits, { now });
  const other = new WindowCounter(hits, { now });
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) => (i % 2 ? other : one).hit('login:10.0.0.1', 25, 60_000)),
  );
  const passed = answers.map((a) => a.hit).filter((n) => n !== null);
  assert.equal(passed.length, 25);
  assert.equal(hits.documents.size, 25);
  assert.deepEqual(
    [...hits.documents.keys()].sort(),
    Array.from({ length: 25 }, (_, n) => `login:10.0.0.1@960000#${n}`).sort(),
  );
  assert.equal(answers.at(0)?.secondsLeft, 20);
});

test('keys count apart, a new window starts afresh, and expired hits are swept', async () => {
  const hits = memoryHits();
  let clock = 120_000;
  const counter = new WindowCounter(hits, { now: () => clock });
  assert.equal((await counter.hit('a', 1, 60_000)).hit, 0);
  assert.equal((await counter.hit('a', 1, 60_000)).hit, null);
  assert.equal((await counter.hit('b', 1, 60_000)).hit, 0);
  clock += 60_000;
  assert.equal((await counter.hit('a', 1, 60_000)).hit, 0);
  clock += 120_000; // past the sweep interval: the first window's hits go
  await counter.hit('c', 1, 60_000);
  await sleep(5);
  assert.deepEqual(
    [...hits.documents.values()].map((hit) => hit.window),
    [300_000],
  );
});

test('a failing database fails the requests of that batch, not the next ones', async () => {
  const hits = memoryHits();
  const failing = { ...hits, insertMany: async () => Promise.reject(new Error('down')) };
  const counter = new WindowCounter(failing, { now: () => 0 });
  await assert.rejects(counter.hit('k', 5, 1000), /down/);
  const recovered = new WindowCounter(hits, { now: () => 0 });
  assert.equal((await recovered.hit('k', 5, 1000)).hit, 0);
});
