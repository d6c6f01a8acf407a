import { setTimeout as sleep } from 'node:timers/promises';
import { ApiLocks, LockBusyError, type LockDocument, type LockStore } from './lease-locks';

/**
 * A store that behaves like FerretDB v1: inserts against the unique `_id` are atomic, but a
 * filtered delete reads first and then deletes by `_id` whatever is there by then.
 */
class FerretLikeStore implements LockStore {
  readonly documents = new Map<string, LockDocument>();

  async insert(document: LockDocument): Promise<boolean> {
    await sleep(0);
    if (this.documents.has(document._id)) return false;
    this.documents.set(document._id, { ...document });
    return true;
  }

  async find(id: string): Promise<LockDocument | null> {
    await sleep(0);
    const document = this.documents.get(id);
    return document ? { ...document } : null;
  }

  async remove(id: string, token: string): Promise<void> {
    const matched = this.documents.get(id)?.token === token;
    await sleep(Math.floor(Math.random() * 4));
    if (matched) this.documents.delete(id);
  }
}

/** Runs `count` tasks spread over `locks` (one per "process") on one key; answers the most at once. */
async function race(locks: ApiLocks[], count: number, holdMs = 1): Promise<number> {
  let inside = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      locks[i % locks.length]!.run('tool:1', async () => {
        inside++;
        most = Math.max(most, inside);
        await sleep(holdMs);
        inside--;
      }),
    ),
  );
  return most;
}

const options = { ttlMs: 10_000, maxWaitMs: 10_000 };

it('lets one task at a time in, across processes sharing the store, and leaves no document behind', async () => {
  const store = new FerretLikeStore();
  const processes = [new ApiLocks(store, options), new ApiLocks(store, options)];
  expect(await race(processes, 30)).toBe(1);
  expect(store.documents.size).toBe(0);
});

it('takes over the lease of a crashed holder once it has expired, with one taker winning', async () => {
  for (let round = 0; round < 20; round++) {
    const store = new FerretLikeStore();
    store.documents.set('tool:1', { _id: 'tool:1', token: 'crashed', expiresAt: new Date(0) });
    const processes = [1, 2, 3].map(() => new ApiLocks(store, options));
    expect(await race(processes, 6, 3)).toBe(1);
    expect(store.documents.size).toBe(0);
  }
});

it('also ends a stale end marker left by a process that died while releasing', async () => {
  const store = new FerretLikeStore();
  store.documents.set('tool:1', { _id: 'tool:1', token: 'dead', expiresAt: new Date(0) });
  store.documents.set('gone:dead', { _id: 'gone:dead', token: 'dying', expiresAt: new Date(0) });
  expect(await race([new ApiLocks(store, options), new ApiLocks(store, options)], 4)).toBe(1);
  expect(store.documents.size).toBe(0);
});

it("a holder that overran its lease does not delete the next holder's lease when it finishes", async () => {
  const store = new FerretLikeStore();
  const slow = new ApiLocks(store, { ttlMs: 20, maxWaitMs: 5_000 });
  const next = new ApiLocks(store, { ttlMs: 10_000, maxWaitMs: 5_000 });
  let nextLease: LockDocument | undefined;
  const slowRun = slow.run('tool:1', () => sleep(80));
  await sleep(5);
  await next.run('tool:1', async () => {
    nextLease = store.documents.get('tool:1');
    await slowRun; // the slow holder releases while this one holds the key
    expect(store.documents.get('tool:1')).toEqual(nextLease);
  });
  expect(nextLease).toBeDefined();
  expect(store.documents.size).toBe(0);
});

it('answers 503 (LockBusyError) when the key stays taken past maxWaitMs', async () => {
  const store = new FerretLikeStore();
  store.documents.set('tool:1', {
    _id: 'tool:1',
    token: 'busy',
    expiresAt: new Date(Date.now() + 60_000),
  });
  const locks = new ApiLocks(store, { ttlMs: 60_000, maxWaitMs: 50 });
  const task = jest.fn(async () => 'ran');
  const refused = await locks.run('tool:1', task).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(LockBusyError);
  expect((refused as LockBusyError).kind).toBe('unavailable');
  expect(task).not.toHaveBeenCalled();
});

it('releases the key when the task fails', async () => {
  const store = new FerretLikeStore();
  const locks = new ApiLocks(store, options);
  await expect(locks.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  await expect(locks.run('a', async () => 'next')).resolves.toBe('next');
  expect(store.documents.size).toBe(0);
});
