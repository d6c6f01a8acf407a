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
  /** Deletes the document with this `_id` and token (need not be atomic: see LeaseLocks). */
  remove(id: string, token: string): Promise<void>;
}

export interface LeaseOptions {
  /** How long a lease holds without its holder (a crashed process): then another may take it over. */
  ttlMs: number;
  /** Waiting longer than this for a key throws the `busy` error (the holders ahead are too slow). */
  maxWaitMs: number;
}

export const DEFAULT_LEASE_OPTIONS: Readonly<LeaseOptions>;

/** Runs tasks one at a time per key, within this process. */
export class KeyedMutex {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Tasks of `key` running or waiting here. */
  pending(key: string): number;
}

/** The key stayed taken longer than maxWaitMs. */
export class LockBusyError extends Error {
  constructor(key: string);
  readonly key: string;
}

/** Runs tasks one at a time per key across every process sharing the database. */
export class LeaseLocks {
  constructor(
    store: LockStore,
    options?: LeaseOptions,
    now?: () => number,
    busy?: (key: string) => Error,
  );
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** The methods of a MongoDB driver collection (or mongoose's) that a LockStore uses. */
export interface LockCollection {
  insertOne(document: LockDocument): Promise<unknown>;
  findOne(filter: { _id: string }): Promise<LockDocument | null>;
  deleteOne(filter: { _id: string; token: string }): Promise<unknown>;
}

/** A `locks` collection as a LockStore. */
export function collectionLockStore(locks: LockCollection): LockStore;
