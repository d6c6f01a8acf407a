import { createHash, randomBytes } from 'node:crypto';
import type { Collection, Db, Filter, OptionalUnlessRequiredId } from 'mongodb';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** What a link token looks like: 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type Stored<T> = T & { _id: string; expiresAt: Date };

/**
 * Single-use tokens that stand for a pending step (a sign-up to finish, a password to reset, a
 * sign-in to complete): 32 random bytes go into the link, only their sha256 is stored, as the `_id`.
 * A token is used by deleting its document: of any number of simultaneous uses only the one whose
 * `deleteOne` removed it (`deletedCount` 1, atomic on MongoDB and on FerretDB) gets its data.
 */
export class OneTimeTokens<T extends object> {
  readonly #tokens: Collection<Stored<T>>;

  constructor(db: Db, collection: string) {
    this.#tokens = db.collection<Stored<T>>(collection);
  }

  async init(): Promise<void> {
    await this.#tokens.createIndex({ expiresAt: 1 });
  }

  /** Stores the data under a new token for `ttlMs`; answers the token (the only copy). */
  async issue(data: T, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const doc = { ...data, _id: sha256(token), expiresAt: new Date(Date.now() + ttlMs) };
    await this.#tokens.insertOne(doc as OptionalUnlessRequiredId<Stored<T>>);
    return token;
  }

  /** The token's data without using it up (to check a form against its account first). */
  async peek(token: unknown): Promise<T | undefined> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
    const doc = await this.#tokens.findOne({
      _id: sha256(token),
      expiresAt: { $gt: new Date() },
    } as Filter<Stored<T>>);
    if (!doc) return undefined;
    const { _id, expiresAt, ...data } = doc;
    void _id;
    void expiresAt;
    return data as unknown as T;
  }

  /** The token's data, once; undefined when malformed, unknown, expired or used (also by a racing use). */
  async redeem(token: unknown): Promise<T | undefined> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
    const id = sha256(token);
    const doc = await this.#tokens.findOne({ _id: id, expiresAt: { $gt: new Date() } } as Filter<
      Stored<T>
    >);
    if (!doc) return undefined;
    const { deletedCount } = await this.#tokens.deleteOne({ _id: id } as Filter<Stored<T>>);
    if (deletedCount !== 1) return undefined;
    const { _id, expiresAt, ...data } = doc;
    void _id;
    void expiresAt;
    return data as unknown as T;
  }

  /** Withdraws every token matching the filter (e.g. an account's other reset links). */
  async revoke(filter: Filter<Stored<T>>): Promise<void> {
    await this.#tokens.deleteMany(filter);
  }

  async sweepExpired(): Promise<void> {
    await this.#tokens.deleteMany({ expiresAt: { $lte: new Date() } } as Filter<Stored<T>>);
  }
}
