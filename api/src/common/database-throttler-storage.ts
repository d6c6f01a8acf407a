import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Connection } from 'mongoose';

/** One counted request: `_id` = `<key>@<window start>#<n>`, n = 0 .. limit - 1. */
interface HitDocument {
  _id: string;
  key: string;
  window: number;
  expiresAt: Date;
}

/** What this process knows of one key's window: hit numbers below `next` are taken. */
interface WindowState {
  key: string;
  window: number;
  expiresAt: Date;
  next: number;
  /** Requests waiting for a hit number (or null: over the limit), claimed together. */
  waiting: Array<{ resolve: (n: number | null) => void; reject: (error: unknown) => void }>;
  claiming: boolean;
}

/** Expired hits are deleted at most this often per process (FerretDB has no TTL indexes). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The rate limits' counters in the API's database, so N API processes share one limit instead of
 * multiplying it. A fixed window of `ttl` ms per key; each request of a window claims the next
 * free hit number with an insert of a chosen `_id` (atomic on FerretDB as on MongoDB, where a
 * `$inc` on FerretDB would lose updates): exactly `limit` requests of a window get one, the rest
 * are blocked until the window ends.
 *
 * Within a process the requests of one key take numbers in turn, those that arrived together in
 * one ordered insertMany, and the process remembers the next number to try: one write for many
 * requests, instead of each request counting and then racing the others through the numbers
 * (concurrent requests of one address cost up to one failed insert per request in flight each).
 * A number taken by another process stops the batch at it; a count then says where to go on.
 */
export class DatabaseThrottlerStorage implements ThrottlerStorage {
  private readonly hits;
  private readonly windows = new Map<string, WindowState>();
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
    const timeToExpire = Math.ceil((window + ttl - now) / 1000);
    const scoped = `${throttler}:${key}`;
    this.sweep(now);
    this.indexed ??= this.hits.createIndex({ key: 1, window: 1 }).catch(() => undefined);
    await this.indexed;
    const state = this.windowOf(scoped, window, ttl);
    const n = await new Promise<number | null>((resolve, reject) => {
      state.waiting.push({ resolve, reject });
      if (!state.claiming) void this.claim(state, limit);
    });
    if (n === null)
      return {
        totalHits: limit + 1,
        timeToExpire,
        isBlocked: true,
        timeToBlockExpire: timeToExpire,
      };
    return { totalHits: n + 1, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
  }

  private windowOf(key: string, window: number, ttl: number): WindowState {
    const id = `${key}@${window}`;
    let state = this.windows.get(id);
    if (!state) {
      state = {
        key,
        window,
        expiresAt: new Date(window + ttl),
        next: 0,
        waiting: [],
        claiming: false,
      };
      this.windows.set(id, state);
    }
    return state;
  }

  /** Gives the waiting requests of `state` their numbers, batch after batch, until none waits. */
  private async claim(state: WindowState, limit: number): Promise<void> {
    state.claiming = true;
    try {
      while (state.waiting.length > 0) {
        if (state.next >= limit) {
          for (const request of state.waiting.splice(0)) request.resolve(null);
          return;
        }
        const batch = state.waiting.splice(0, limit - state.next);
        const first = state.next;
        let taken: number;
        try {
          taken = await this.insertFrom(state, first, batch.length);
        } catch (error) {
          for (const request of batch) request.reject(error);
          continue;
        }
        batch.slice(0, taken).forEach((request, i) => request.resolve(first + i));
        state.waiting.unshift(...batch.slice(taken));
        state.next = first + taken;
        if (taken < batch.length) {
          // Another process holds number `next`: go on after every hit the window has.
          const counted = await this.hits
            .countDocuments({ key: state.key, window: state.window })
            .catch(() => 0);
          state.next = Math.max(state.next + 1, counted);
        }
      }
    } finally {
      state.claiming = false;
    }
  }

  /** Inserts hits `first`, `first + 1` ... in order; answers how many before one already taken. */
  private async insertFrom(state: WindowState, first: number, count: number): Promise<number> {
    const documents = Array.from({ length: count }, (_, i) => ({
      _id: `${state.key}@${state.window}#${first + i}`,
      key: state.key,
      window: state.window,
      expiresAt: state.expiresAt,
    }));
    try {
      await this.hits.insertMany(documents, { ordered: true });
      return count;
    } catch (error) {
      const { code, result } = error as { code?: number; result?: { insertedCount?: number } };
      if (code !== 11000 || typeof result?.insertedCount !== 'number') throw error;
      return result.insertedCount;
    }
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [id, state] of this.windows)
      if (state.expiresAt.getTime() <= now && !state.claiming) this.windows.delete(id);
    void this.hits.deleteMany({ expiresAt: { $lt: new Date(now) } }).catch(() => undefined);
  }
}
