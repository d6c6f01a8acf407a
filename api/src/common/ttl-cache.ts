/**
 * A small in-process cache for hot public reads: concurrent misses share one load, entries live
 * `ttlMs`, and clear() (called on every write this process makes) discards loads already under way,
 * so a write is visible to the next read of this instance. Other instances see it within ttlMs.
 */
export class TtlCache<T> {
  private readonly entries = new Map<
    string,
    { generation: number; expires: number; value: Promise<T> }
  >();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && hit.expires > now) return hit.value;

    const entry = { generation: this.generation, expires: now + this.ttlMs, value: load() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    return entry.value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
