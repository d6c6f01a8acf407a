import { WindowCounter, type HitCollection } from '@toolshop/rate-limits';
import type { Db } from 'mongodb';

/**
 * A fixed-window request limit per key (client address, account), counted in the provider's
 * database (collection `rate_limit_hits`) so every instance of the provider counts against one
 * limit: the shop's one window counter (@toolshop/rate-limits), which the API counts with too.
 */
export class RateLimiter {
  readonly #counter: WindowCounter;
  readonly #name: string;
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(db: Db, name: string, limit: number, windowMs: number, now?: () => number) {
    const hits = db.collection('rate_limit_hits') as unknown as HitCollection;
    this.#counter = new WindowCounter(hits, now ? { now } : {});
    this.#name = name;
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts one request; resolves to the seconds to wait when the key is over its limit. */
  async hit(key: string): Promise<number | undefined> {
    const { hit, secondsLeft } = await this.#counter.hit(
      `${this.#name}:${key}`,
      this.#limit,
      this.#windowMs,
    );
    return hit === null ? secondsLeft : undefined;
  }
}
