import { MongoServerError, type Collection, type Db } from 'mongodb';

/** One counted request: `_id` = `<limiter>:<key>@<window start>#<n>`, n = 0 .. limit - 1. */
interface HitDocument {
  _id: string;
  key: string;
  window: number;
  expiresAt: Date;
}

/** Expired hits are deleted at most this often per process (FerretDB has no TTL indexes). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window request counter per key (client address, account), kept in the provider's database
 * (collection `rate_limit_hits`), so every instance of the provider counts against one limit. Each
 * request of a window claims the next free hit number with an insert of a chosen `_id`: atomic on
 * FerretDB as on MongoDB (a `$inc` on FerretDB would lose updates), so exactly `limit` requests of a
 * window pass, whatever instance they reach.
 */
export class RateLimiter {
  readonly #hits: Collection<HitDocument>;
  readonly #name: string;
  readonly #limit: number;
  readonly #windowMs: number;
  #nextSweep = 0;

  constructor(db: Db, name: string, limit: number, windowMs: number) {
    this.#hits = db.collection<HitDocument>('rate_limit_hits');
    this.#name = name;
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts one request; resolves to the seconds to wait when the key is over its limit. */
  async hit(key: string, now = Date.now()): Promise<number | undefined> {
    const window = now - (now % this.#windowMs);
    const scoped = `${this.#name}:${key}`;
    this.#sweep(now);
    for (let n = await this.#hits.countDocuments({ key: scoped, window }); n < this.#limit; n++) {
      try {
        await this.#hits.insertOne({
          _id: `${scoped}@${window}#${n}`,
          key: scoped,
          window,
          expiresAt: new Date(window + this.#windowMs),
        });
        return undefined;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      }
    }
    return Math.ceil((window + this.#windowMs - now) / 1000);
  }

  #sweep(now: number) {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + SWEEP_EVERY_MS;
    void this.#hits.deleteMany({ expiresAt: { $lt: new Date(now) } }).catch(() => undefined);
  }
}
