import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'mongoose';
import { DomainError } from './domain-error';
import { KeyedMutex } from './keyed-mutex';

/** A lease (`_id` = the locked key) or an end marker (`_id` = `gone:` + the ended document's token). */
export interface LockDocument {
  _id: string;
  token: string;
  expiresAt: Date;
}

/** The three operations the locks need; each must be a single database operation. */
export interface LockStore {
  /** Inserts with a unique `_id`: false when the `_id` exists (the one operation relied on as atomic). */
  insert(document: LockDocument): Promise<boolean>;
  find(id: string): Promise<LockDocument | null>;
  /** Deletes the document with this `_id` and token (need not be atomic: see LeaseLocks.end). */
  remove(id: string, token: string): Promise<void>;
}

export interface LeaseOptions {
  /** How long a lease holds without its holder (a crashed process): then another may take it over. */
  ttlMs: number;
  /** Waiting longer than this for a key answers 503 (the holders ahead of us are too slow). */
  maxWaitMs: number;
}

const DEFAULT_OPTIONS: LeaseOptions = { ttlMs: 15_000, maxWaitMs: 30_000 };
const GONE = 'gone:';

/** The key stayed taken longer than LeaseOptions.maxWaitMs. */
export class LockBusyError extends DomainError {
  constructor(readonly key: string) {
    super('unavailable', 'The server is busy with this item; please try again in a moment');
  }
}

/**
 * Runs tasks one at a time per key across every API process sharing the database.
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
 * A holder must finish within ttlMs (the tasks here are single database writes); there is no fencing.
 *
 * In front of it a KeyedMutex queues the callers of this process, so each process sends one
 * contender per key at a time (an optimisation only: correctness rests on the database).
 */
export class LeaseLocks {
  private readonly local = new KeyedMutex();

  constructor(
    private readonly store: LockStore,
    private readonly options: LeaseOptions = DEFAULT_OPTIONS,
    private readonly now: () => number = Date.now,
  ) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const lease = await this.acquire(key);
      try {
        return await task();
      } finally {
        await this.release(lease);
      }
    });
  }

  private async acquire(key: string): Promise<LockDocument> {
    const giveUpAt = this.now() + this.options.maxWaitMs;
    for (let attempt = 0; ; attempt++) {
      const lease = this.document(key);
      if (await this.store.insert(lease)) return lease;
      const held = await this.store.find(key);
      if (held && held.expiresAt.getTime() <= this.now()) {
        await this.end(held);
        continue;
      }
      if (this.now() > giveUpAt) throw new LockBusyError(key);
      // Jittered, growing back-off: 2, 4, 8 ... 64 ms.
      await sleep(Math.min(64, 2 ** (attempt + 1)) * (0.5 + Math.random()));
    }
  }

  /**
   * Well before expiry nobody else may end the lease, so the holder deletes it directly (one
   * write); a lease near or past its expiry may be being taken over, so then the marker decides.
   */
  private async release(lease: LockDocument): Promise<void> {
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
  private async end(target: LockDocument): Promise<void> {
    const marker = this.document(`${GONE}${target.token}`);
    while (!(await this.store.insert(marker))) {
      const other = await this.store.find(marker._id);
      if (!other || other.expiresAt.getTime() > this.now()) return;
      await this.end(other);
    }
    await this.store.remove(target._id, target.token);
    await this.store.remove(marker._id, marker.token);
  }

  private document(id: string): LockDocument {
    return { _id: id, token: randomUUID(), expiresAt: new Date(this.now() + this.options.ttlMs) };
  }
}

/** The `locks` collection of the API's database as a LockStore. */
export function mongoLockStore(connection: Connection): LockStore {
  const locks = connection.collection<LockDocument>('locks');
  return {
    async insert(document) {
      try {
        await locks.insertOne(document);
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === 11000) return false;
        throw error;
      }
    },
    find: (id) => locks.findOne({ _id: id }),
    async remove(id, token) {
      await locks.deleteOne({ _id: id, token });
    },
  };
}

/** LeaseLocks on the API's database, for Nest's injector. */
@Injectable()
export class DatabaseLocks extends LeaseLocks {
  constructor(@InjectConnection() connection: Connection) {
    super(mongoLockStore(connection));
  }
}
