import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  collectionLockStore,
  DEFAULT_LEASE_OPTIONS,
  LeaseLocks,
  type LeaseOptions,
  type LockCollection,
  type LockStore,
} from '@toolshop/lease-locks';
import type { Connection } from 'mongoose';
import { DomainError } from './domain-error';

// The leases live in @toolshop/lease-locks (the remote registry takes its own the same way).
export type { LeaseOptions, LockDocument, LockStore } from '@toolshop/lease-locks';

/** The key stayed taken longer than LeaseOptions.maxWaitMs: 503, try again. */
export class LockBusyError extends DomainError {
  constructor(readonly key: string) {
    super('unavailable', 'The server is busy with this item; please try again in a moment');
  }
}

/**
 * The library's leases (@toolshop/lease-locks) as the API uses them: across every API process
 * sharing the database, a key held too long answered as the API's 503.
 */
export class ApiLocks extends LeaseLocks {
  constructor(
    store: LockStore,
    options: LeaseOptions = DEFAULT_LEASE_OPTIONS,
    now: () => number = Date.now,
  ) {
    super(store, options, now, (key) => new LockBusyError(key));
  }
}

/** The `locks` collection of the API's database as a LockStore. */
export function mongoLockStore(connection: Connection): LockStore {
  return collectionLockStore(connection.collection('locks') as unknown as LockCollection);
}

/** ApiLocks on the API's database, for Nest's injector. */
@Injectable()
export class DatabaseLocks extends ApiLocks {
  constructor(@InjectConnection() connection: Connection) {
    super(mongoLockStore(connection));
  }
}
