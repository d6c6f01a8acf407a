import type { Connection } from 'mongoose';
import { ApiLocks, mongoLockStore } from '../common/lease-locks';
import type { PaymentIntentSnapshot } from './payment-provider';

/** Where the offline test provider keeps its PaymentIntents. */
export interface IntentStore {
  /** Stores `intent` unless one with this idempotency key exists; answers the stored one. */
  create(intent: PaymentIntentSnapshot, idempotencyKey: string): Promise<PaymentIntentSnapshot>;
  find(id: string): Promise<PaymentIntentSnapshot | null>;
  /**
   * Replaces the intent with `change(intent)`, one change at a time per intent (also across API
   * processes); null for an unknown id. An error thrown by `change` leaves the intent as it was.
   */
  change(
    id: string,
    change: (intent: PaymentIntentSnapshot) => PaymentIntentSnapshot,
  ): Promise<PaymentIntentSnapshot | null>;
}

const copy = (intent: PaymentIntentSnapshot): PaymentIntentSnapshot => ({
  ...intent,
  metadata: { ...intent.metadata },
});

/** One process's memory (unit tests). */
export class MemoryIntentStore implements IntentStore {
  private readonly intents = new Map<string, PaymentIntentSnapshot>();
  private readonly byKey = new Map<string, string>();

  async create(intent: PaymentIntentSnapshot, idempotencyKey: string) {
    const existing = this.byKey.get(idempotencyKey);
    if (existing) return copy(this.intents.get(existing)!);
    this.intents.set(intent.id, copy(intent));
    this.byKey.set(idempotencyKey, intent.id);
    return copy(intent);
  }

  async find(id: string) {
    const intent = this.intents.get(id);
    return intent ? copy(intent) : null;
  }

  async change(id: string, change: (intent: PaymentIntentSnapshot) => PaymentIntentSnapshot) {
    const intent = this.intents.get(id);
    if (!intent) return null;
    const next = change(copy(intent));
    this.intents.set(id, copy(next));
    return copy(next);
  }
}

type IntentDocument = Omit<PaymentIntentSnapshot, 'id'> & { _id: string; idempotencyKey: string };

const toSnapshot = ({ _id, idempotencyKey: _key, ...fields }: IntentDocument) => ({
  id: _id,
  ...fields,
});

/**
 * The API's database (collection `test_payment_intents`): an intent created through one API process
 * is confirmed or cancelled through any other, and survives restarts. One intent per idempotency key
 * through a unique index (an insert FerretDB applies atomically); status changes under a lease lock.
 */
export class MongoIntentStore implements IntentStore {
  private readonly intents;
  private readonly locks: ApiLocks;
  private indexed?: Promise<unknown>;

  constructor(connection: Connection) {
    this.intents = connection.collection<IntentDocument>('test_payment_intents');
    this.locks = new ApiLocks(mongoLockStore(connection));
  }

  async create(intent: PaymentIntentSnapshot, idempotencyKey: string) {
    this.indexed ??= this.intents.createIndex({ idempotencyKey: 1 }, { unique: true });
    await this.indexed;
    const { id, ...fields } = intent;
    try {
      await this.intents.insertOne({ _id: id, idempotencyKey, ...fields });
      return copy(intent);
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      const existing = await this.intents.findOne({ idempotencyKey });
      if (!existing) throw error;
      return toSnapshot(existing);
    }
  }

  async find(id: string) {
    const found = await this.intents.findOne({ _id: id });
    return found ? toSnapshot(found) : null;
  }

  change(id: string, change: (intent: PaymentIntentSnapshot) => PaymentIntentSnapshot) {
    return this.locks.run(`intent:${id}`, async () => {
      const found = await this.intents.findOne({ _id: id });
      if (!found) return null;
      const { id: _id, ...fields } = change(toSnapshot(found));
      await this.intents.replaceOne(
        { _id: id },
        { ...fields, idempotencyKey: found.idempotencyKey },
      );
      return { id, ...fields };
    });
  }
}
