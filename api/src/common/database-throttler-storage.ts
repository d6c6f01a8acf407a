import type { ThrottlerStorage } from '@nestjs/throttler';
import { WindowCounter, type HitCollection } from '@toolshop/rate-limits';
import type { Connection } from 'mongoose';

/**
 * The rate limits' counters in the API's database (collection `rate_limit_hits`), so N API
 * processes share one limit instead of multiplying it: @nestjs/throttler's storage over the
 * shop's one window counter (@toolshop/rate-limits, which the identity provider counts with too).
 * A fixed window of `ttl` ms per key; past its limit a key is blocked until the window ends.
 */
export class DatabaseThrottlerStorage implements ThrottlerStorage {
  private readonly counter: WindowCounter;

  constructor(connection: Connection, now: () => number = Date.now) {
    const hits = connection.collection('rate_limit_hits') as unknown as HitCollection;
    this.counter = new WindowCounter(hits, { now });
  }

  async increment(key: string, ttl: number, limit: number, _block: number, throttler: string) {
    const { hit, secondsLeft } = await this.counter.hit(`${throttler}:${key}`, limit, ttl);
    if (hit === null)
      return {
        totalHits: limit + 1,
        timeToExpire: secondsLeft,
        isBlocked: true,
        timeToBlockExpire: secondsLeft,
      };
    return {
      totalHits: hit + 1,
      timeToExpire: secondsLeft,
      isBlocked: false,
      timeToBlockExpire: 0,
    };
  }
}
