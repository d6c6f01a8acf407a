'use strict';

/** Expired hits are deleted at most this often per counter (FerretDB has no TTL indexes). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window request counters per key, kept in a collection of the service's database, so every
 * process of the service counts against one limit instead of multiplying it. Each request of a
 * window claims the next free hit number with an insert of a chosen `_id`
 * (`<key>@<window start>#<n>`, atomic on FerretDB as on MongoDB, where a `$inc` on FerretDB would
 * lose updates): exactly `limit` requests of a window get one, the rest wait for the next window.
 *
 * Within a process the requests of one key take numbers in turn, those that arrived together in
 * one ordered insertMany, and the counter remembers the next number to try: one write for many
 * requests, instead of each request counting and then racing the others through the numbers. A
 * number taken by another process stops the batch at it; a count then says where to go on.
 */
class WindowCounter {
  /**
   * @param {import('./index.cjs').HitCollection} hits
   * @param {{ now?: () => number }} [options]
   */
  constructor(hits, { now = Date.now } = {}) {
    this.hits = hits;
    this.now = now;
    /** @type {Map<string, WindowState>} */
    this.windows = new Map();
    this.nextSweep = 0;
    /** @type {Promise<unknown> | undefined} */
    this.indexed = undefined;
  }

  /**
   * Counts one request of `key` in its window of `windowMs`: its hit number (0-based), or null
   * when the window's `limit` is reached, and the seconds until the window ends.
   * @param {string} key
   * @param {number} limit
   * @param {number} windowMs
   * @returns {Promise<{ hit: number | null, secondsLeft: number }>}
   */
  async hit(key, limit, windowMs) {
    const now = this.now();
    const window = now - (now % windowMs);
    const secondsLeft = Math.ceil((window + windowMs - now) / 1000);
    this.sweep(now);
    this.indexed ??= this.hits.createIndex({ key: 1, window: 1 }).catch(() => undefined);
    await this.indexed;
    const state = this.windowOf(key, window, windowMs);
    const hit = await new Promise((resolve, reject) => {
      state.waiting.push({ resolve, reject });
      if (!state.claiming) void this.claim(state, limit);
    });
    return { hit, secondsLeft };
  }

  /** @returns {WindowState} */
  windowOf(key, window, windowMs) {
    const id = `${key}@${window}`;
    let state = this.windows.get(id);
    if (!state) {
      state = {
        key,
        window,
        expiresAt: new Date(window + windowMs),
        next: 0,
        waiting: [],
        claiming: false,
      };
      this.windows.set(id, state);
    }
    return state;
  }

  /** Gives the waiting requests of `state` their numbers, batch after batch, until none waits. */
  async claim(state, limit) {
    state.claiming = true;
    try {
      while (state.waiting.length > 0) {
        if (state.next >= limit) {
          for (const request of state.waiting.splice(0)) request.resolve(null);
          return;
        }
        const batch = state.waiting.splice(0, limit - state.next);
        const first = state.next;
        let taken;
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
  async insertFrom(state, first, count) {
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
      const { code, result } =
        /** @type {{ code?: number, result?: { insertedCount?: number } }} */ (error);
      if (code !== 11000 || typeof result?.insertedCount !== 'number') throw error;
      return result.insertedCount;
    }
  }

  sweep(now) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [id, state] of this.windows)
      if (state.expiresAt.getTime() <= now && !state.claiming) this.windows.delete(id);
    void this.hits.deleteMany({ expiresAt: { $lt: new Date(now) } }).catch(() => undefined);
  }
}

/**
 * @typedef {{
 *   key: string, window: number, expiresAt: Date, next: number, claiming: boolean,
 *   waiting: Array<{ resolve: (n: number | null) => void, reject: (error: unknown) => void }>,
 * }} WindowState
 */

module.exports = { WindowCounter };
