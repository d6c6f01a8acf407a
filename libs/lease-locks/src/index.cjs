// One task at a time per key across every process sharing a database (see index.d.cts for the types).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loadable everywhere
const { randomUUID } = require('node:crypto');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setTimeout: sleep } = require('node:timers/promises');

/**
 * Runs tasks one at a time per key, within this process.
 *
 * Why: FerretDB v1 (the embedded database) does not apply a conditional update atomically across
 * connections — measured: 50 concurrent `updateOne({ available: { $gte: 1 } }, { $inc: -1 })` on a
 * stock of 10 all matched. In front of the leases below it makes each process send one contender
 * per key at a time (an optimisation; correctness rests on the leases).
 */
class KeyedMutex {
  constructor() {
    this.tails = new Map();
    this.counts = new Map();
  }

  async run(key, task) {
    this.counts.set(key, this.pending(key) + 1);
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
      const left = this.pending(key) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }

  /** Tasks of `key` running or waiting here. */
  pending(key) {
    return this.counts.get(key) ?? 0;
  }
}

/** The key stayed taken longer than maxWaitMs. */
class LockBusyError extends Error {
  constructor(key) {
    super('The server is busy with this item; please try again in a moment');
    this.key = key;
  }
}

const DEFAULT_OPTIONS = Object.freeze({ ttlMs: 15_000, maxWaitMs: 30_000 });
const GONE = 'gone:';

/**
 * Runs tasks one at a time per key across every process sharing the database.
 *
 * Why not conditional updates: FerretDB v1 applies neither a conditional update nor a conditional
 * delete atomically (measured, see api/README.md "Concurrency"); it does apply an insert against a
 * unique `_id` atomically (exactly one of any number of racing inserts wins). So:
 * - acquire = insert `{ _id: key, token, expiresAt }`; on a duplicate, wait and retry;
 * - a lease past its expiry is only ever deleted by whoever first inserts its end marker
 *   `gone:<token>` (a process taking it over, or its late holder): with one deleter per lease, the
 *   non-atomic "delete where token = T" cannot remove a newer lease, and two takers of one expired
 *   lease cannot delete each other's fresh leases; well before expiry only the holder may delete
 *   it, and does so directly;
 * - a marker left by a process that died while ending a lease expires too and is ended the same way.
 * A holder must finish within ttlMs (the tasks are a few database writes); there is no fencing.
 * A lease with at least two thirds of its ttlMs left is handed on to the next task of its key
 * waiting in this process instead of being deleted and inserted again (two writes fewer per task
 * under load); that task must finish within what is left, and ends the lease as above.
 */
class LeaseLocks {
  constructor(
    store,
    options = DEFAULT_OPTIONS,
    now = Date.now,
    busy = (key) => new LockBusyError(key),
  ) {
    this.store = store;
    this.options = options;
    this.now = now;
    this.busy = busy;
    this.local = new KeyedMutex();
    /** Leases handed on: taken by the next task of the key, which runs right after. */
    this.handedOn = new Map();
  }

  run(key, task) {
    return this.local.run(key, async () => {
      const lease = this.handedOn.get(key) ?? (await this.acquire(key));
      this.handedOn.delete(key);
      try {
        return await task();
      } finally {
        const next = this.local.pending(key) > 1;
        if (next && this.now() < lease.expiresAt.getTime() - (2 * this.options.ttlMs) / 3) {
          this.handedOn.set(key, lease);
        } else {
          await this.release(lease);
        }
      }
    });
  }

  async acquire(key) {
    const giveUpAt = this.now() + this.options.maxWaitMs;
    for (let attempt = 0; ; attempt++) {
      const lease = this.document(key);
      if (await this.store.insert(lease)) return lease;
      const held = await this.store.find(key);
      if (held && held.expiresAt.getTime() <= this.now()) {
        await this.end(held);
        continue;
      }
      if (this.now() > giveUpAt) throw this.busy(key);
      // Jittered, growing back-off: 2, 4, 8 ... 64 ms.
      await sleep(Math.min(64, 2 ** (attempt + 1)) * (0.5 + Math.random()));
    }
  }

  /**
   * Well before expiry nobody else may end the lease, so the holder deletes it directly (one
   * write); a lease near or past its expiry may be being taken over, so then the marker decides.
   */
  async release(lease) {
    if (this.now() < lease.expiresAt.getTime() - this.options.ttlMs / 3) {
      await this.store.remove(lease._id, lease.token);
    } else {
      await this.end(lease);
    }
  }

  /**
   * Deletes `target` if this caller wins its end marker; otherwise someone else is ending it. A
   * stale marker (its writer died before deleting it) is ended first, the same way.
   */
  async end(target) {
    const marker = this.document(`${GONE}${target.token}`);
    while (!(await this.store.insert(marker))) {
      const other = await this.store.find(marker._id);
      if (!other || other.expiresAt.getTime() > this.now()) return;
      await this.end(other);
    }
    await this.store.remove(target._id, target.token);
    await this.store.remove(marker._id, marker.token);
  }

  document(id) {
    return { _id: id, token: randomUUID(), expiresAt: new Date(this.now() + this.options.ttlMs) };
  }
}

/** A MongoDB driver collection (or mongoose's, which has the same methods) as a LockStore. */
function collectionLockStore(locks) {
  return {
    async insert(document) {
      try {
        await locks.insertOne(document);
        return true;
      } catch (error) {
        if (error && error.code === 11000) return false;
        throw error;
      }
    },
    find: (id) => locks.findOne({ _id: id }),
    async remove(id, token) {
      await locks.deleteOne({ _id: id, token });
    },
  };
}

exports.KeyedMutex = KeyedMutex;
exports.LockBusyError = LockBusyError;
exports.LeaseLocks = LeaseLocks;
exports.DEFAULT_LEASE_OPTIONS = DEFAULT_OPTIONS;
exports.collectionLockStore = collectionLockStore;
