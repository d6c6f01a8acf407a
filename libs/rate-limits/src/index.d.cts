/** One counted request: `_id` = `<key>@<window start>#<n>`, n = 0 .. limit - 1. */
export interface HitDocument {
  _id: string;
  key: string;
  window: number;
  expiresAt: Date;
}

/** What the counter needs of a collection (a MongoDB driver's, or mongoose's). */
export interface HitCollection {
  insertMany(documents: HitDocument[], options: { ordered: true }): Promise<unknown>;
  countDocuments(filter: { key: string; window: number }): Promise<number>;
  deleteMany(filter: { expiresAt: { $lt: Date } }): Promise<unknown>;
  createIndex(keys: { key: 1; window: 1 }): Promise<unknown>;
}

export declare class WindowCounter {
  constructor(hits: HitCollection, options?: { now?: () => number });
  /**
   * Counts one request of `key` in its window of `windowMs`: its hit number (0-based), or null
   * when the window's `limit` is reached, and the seconds until the window ends.
   */
  hit(
    key: string,
    limit: number,
    windowMs: number,
  ): Promise<{ hit: number | null; secondsLeft: number }>;
}
