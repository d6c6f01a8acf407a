/**
 * Runs tasks one at a time per key, within this process.
 *
 * Why: FerretDB v1 (the embedded database) does not apply a conditional update atomically across
 * connections — measured: 50 concurrent `updateOne({ available: { $gte: 1 } }, { $inc: -1 })` on a
 * stock of 10 all matched. Serialising the writes of one record inside the API makes the embedded
 * mode safe; on MongoDB the same conditional updates are atomic on their own, also across instances.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
