interface Entry<T> {
  generation: number;
  expires: number;
  value: Promise<T>;
  /** Set once the load has succeeded: what peek() answers. */
  loaded?: T;
}

/**
 * A small in-process cache for hot public reads: concurrent misses share one load, entries live
 * `ttlMs`, and clear() (called on every write this process makes) discards loads already under way,
 * so a write is visible to the next read of this instance. Other instances see it within ttlMs.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.fresh(key, now);
    if (hit) return hit.value;

    const entry: Entry<T> = {
      generation: this.generation,
      expires: now + this.ttlMs,
      value: load(),
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.loaded = value;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    return entry.value;
  }

  /** The value get() would answer without loading: loaded, fresh and not cleared since; else undefined. */
  peek(key: string): T | undefined {
    return this.fresh(key, Date.now())?.loaded;
  }

  /** The entry of `key` if it has not expired and was not cleared since it was made. */
  private fresh(key: string, now: number): Entry<T> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.generation === this.generation && hit.expires > now ? hit : undefined;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
