/** Fixed-window request counter per key (client address), kept in memory. */
export class RateLimiter {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts one request; returns the seconds to wait when the key is over its limit. */
  hit(key: string, now = Date.now()): number | undefined {
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.#hits.size > 10_000) this.#sweep(now);
      entry = { count: 0, resetAt: now + this.#windowMs };
      this.#hits.set(key, entry);
    }
    entry.count += 1;
    return entry.count > this.#limit ? Math.ceil((entry.resetAt - now) / 1000) : undefined;
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}
