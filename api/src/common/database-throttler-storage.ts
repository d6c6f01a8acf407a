import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Connection } from 'mongoose';

/** One counted request: `_id` = `<key>@<window start>#<n>`, n = 0 .. limit - 1. */
interface HitDocument {
  _id: string;
  key: string;
  window: number;
  expiresAt: Date;
}

/** Expired hits are deleted at most this often per process (FerretDB has no TTL indexes). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The rate limits' counters in the API's database, so N API processes share one limit instead of
 * multiplying it. A fixed window of `ttl` ms per key; each request of a window claims the next
 * free hit number with an insert of a chosen `_id` (atomic on FerretDB as on MongoDB, where a
 * `$inc` on FerretDB would lose updates): exactly `limit` requests of a window get one, the rest
 * are blocked until the window ends.
 */
export class DatabaseThrottlerStorage implements ThrottlerStorage {
  private readonly hits;
  private nextSweep = 0;
  private indexed?: Promise<unknown>;

  constructor(
    connection: Connection,
    private readonly now: () => number = Date.now,
  ) {
    this.hits = connection.collection<HitDocument>('rate_limit_hits');
  }

  async increment(key: string, ttl: number, limit: number, _block: number, throttler: string) {
    const now = this.now();
    const window = now - (now % ttl);
    const expiresAt = new Date(window + ttl);
    const timeToExpire = Math.ceil((window + ttl - now) / 1000);
    const scoped = `${throttler}:${key}`;
    this.sweep(now);
    this.indexed ??= this.hits.createIndex({ key: 1, window: 1 }).catch(() => undefined);
    await this.indexed;
    let n = await this.hits.countDocuments({ key: scoped, window });
    for (; n < limit; n++) {
      try {
        await this.hits.insertOne({
          _id: `${scoped}@${window}#${n}`,
          key: scoped,
          window,
          expiresAt,
        });
        return { totalHits: n + 1, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    return { totalHits: limit + 1, timeToExpire, isBlocked: true, timeToBlockExpire: timeToExpire };
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    void this.hits.deleteMany({ expiresAt: { $lt: new Date(now) } }).catch(() => undefined);
  }
}
