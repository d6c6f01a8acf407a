import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { LeaseLocks, LockBusyError } from '../src/index.cjs';

/**
 * A store whose insert is atomic per `_id`, like a unique index; every call yields first.
 * @returns {import('../src/index.cjs').LockStore}
 */
function memoryStore() {
  /** @type {Map<string, import('../src/index.cjs').LockDocument>} */
  const documents = new Map();
  return {
    async insert(document) {
      await sleep(0);
      if (documents.has(document._id)) return false;
      documents.set(document._id, { ...document });
      return true;
    },
    async find(id) {
      await sleep(0);
      return documents.get(id) ?? null;
    },
    async remove(id, token) {
      await sleep(0);
      if (documents.get(id)?.token === token) documents.delete(id);
    },
  };
}

test('processes sharing a store run one task at a time per key, and keys do not wait for each other', async () => {
  const store = memoryStore();
  const processes = [1, 2, 3].map(
    () => new LeaseLocks(store, { ttlMs: 10_000, maxWaitMs: 10_000 }),
  );
  const first = new LeaseLocks(store, { ttlMs: 10_000, maxWaitMs: 10_000 });
  let inside = 0;
  let most = 0;
  const task = async () => {
    most = Math.max(most, ++inside);
    await sleep(2);
    inside--;
  };
  await Promise.all(
    processes.flatMap((locks) => Array.from({ length: 5 }, () => locks.run('tool:1', task))),
  );
  assert.equal(most, 1);
  let both = 0;
  await Promise.all(
    ['a', 'b'].map((key) =>
      first.run(key, async () => {
        both++;
        await sleep(5);
        assert.equal(both, 2);
      }),
    ),
  );
});

test("a holder's crash does not block the key past its lease; waiting past maxWaitMs is busy", async () => {
  const store = memoryStore();
  await store.insert({ _id: 'k', token: 'dead', expiresAt: new Date(Date.now() + 50) });
  const locks = new LeaseLocks(store, { ttlMs: 10_000, maxWaitMs: 5_000 });
  assert.equal(await locks.run('k', async () => 'ran'), 'ran');
  await store.insert({ _id: 'k', token: 'alive', expiresAt: new Date(Date.now() + 60_000) });
  const impatient = new LeaseLocks(store, { ttlMs: 10_000, maxWaitMs: 20 });
  await assert.rejects(
    impatient.run('k', async () => 'never'),
    LockBusyError,
  );
  const custom = new LeaseLocks(
    store,
    { ttlMs: 10_000, maxWaitMs: 20 },
    Date.now,
    (key) => new RangeError(`busy ${key}`),
  );
  await assert.rejects(
    custom.run('k', async () => 'never'),
    /busy k/,
  );
});

/**
 * The store, counting its writes.
 * @param {import('../src/index.cjs').LockStore} store
 */
function counted(store) {
  const calls = { insert: 0, remove: 0 };
  /** @type {import('../src/index.cjs').LockStore} */
  const counting = {
    insert: (document) => (calls.insert++, store.insert(document)),
    find: (id) => store.find(id),
    remove: (id, token) => (calls.remove++, store.remove(id, token)),
  };
  return { calls, store: counting };
}

test("a lease is handed on to the key's next waiting task of the process, not deleted and taken again", async () => {
  const { store, calls } = counted(memoryStore());
  const locks = new LeaseLocks(store, { ttlMs: 10_000, maxWaitMs: 10_000 });
  const other = new LeaseLocks(store, { ttlMs: 10_000, maxWaitMs: 10_000 });
  /** @type {string[]} */
  const order = [];
  /** @param {string} name */
  const task = (name) => async () => {
    order.push(`${name} in`);
    await sleep(2);
    order.push(`${name} out`);
  };
  await Promise.all([
    locks.run('k', task('a')),
    locks.run('k', task('b')),
    // A failing task hands it on too: the lease is not the task's outcome.
    locks.run('k', () => Promise.reject(new Error('refused'))).catch(() => undefined),
    locks.run('k', task('c')),
  ]);
  assert.deepEqual(order, ['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  assert.deepEqual(calls, { insert: 1, remove: 1 });
  // Nothing is kept once the queue is empty: another process takes the key at once.
  assert.equal(await other.run('k', async () => 'free'), 'free');
});

test('a lease with less than two thirds of its time left is deleted, not handed on', async () => {
  for (const { used, writes } of [
    { used: 2_999, writes: { insert: 1, remove: 1 } },
    { used: 3_001, writes: { insert: 2, remove: 2 } },
  ]) {
    const { store, calls } = counted(memoryStore());
    let now = 1_000_000;
    const locks = new LeaseLocks(store, { ttlMs: 9_000, maxWaitMs: 10_000 }, () => now);
    await Promise.all([
      locks.run('k', async () => {
        now += used;
      }),
      locks.run('k', async () => 'next'),
    ]);
    assert.deepEqual(calls, writes, `after ${used} ms of 9000`);
  }
});
