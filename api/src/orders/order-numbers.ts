import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { formatOrderNumber } from '@toolshop/contracts';
import type { Connection, mongo } from 'mongoose';

/** The one counter document of the order numbers, in the `counters` collection. */
export const ORDER_NUMBER_COUNTER = 'orderNumber';

interface Counter {
  _id: string;
  /** How many numbers were handed out so far. */
  seq: number;
}

const DUPLICATE_KEY = 11000;

/**
 * Takes `count` consecutive sequence numbers at once (answers the first): one `$inc` on the
 * counter document, which MongoDB and FerretDB v2 apply atomically, so no two processes get the
 * same number. The first call ever creates the counter by an upsert; two racing upserts may
 * collide on its `_id` (E11000), and the loser simply increments the counter the other created.
 */
export async function takeSequenceIn(db: mongo.Db, count = 1): Promise<number> {
  const counters = db.collection<Counter>('counters');
  for (let attempt = 0; ; attempt++) {
    try {
      const counter = await counters.findOneAndUpdate(
        { _id: ORDER_NUMBER_COUNTER },
        { $inc: { seq: count } },
        { upsert: true, returnDocument: 'after' },
      );
      return counter!.seq - count + 1;
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY || attempt >= 3) throw error;
    }
  }
}

/**
 * The short human number of each new order (`TS-100234`): taken before the order is saved and
 * saved in the same insert; the unique index on `orders.number` (order.schema.ts) refuses a
 * duplicate whatever happens to the counter.
 */
@Injectable()
export class OrderNumbers {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async next(): Promise<string> {
    return formatOrderNumber(await takeSequenceIn(this.connection.db!));
  }
}
