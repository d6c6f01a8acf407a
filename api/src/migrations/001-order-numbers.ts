import { ORDER_NUMBER_BASE, ORDER_NUMBER_PREFIX } from '@toolshop/contracts';
import type { mongo } from 'mongoose';
import { takeSequenceIn } from '../orders/order-numbers';
import type { Db, Migration } from './migration';

const BATCH = 1000;

/**
 * Orders placed before order numbers get theirs, oldest first (the `_id` order: an id starts with
 * its creation second), from the same counter as new orders, so theirs come before every number
 * given after. It walks the primary key in batches; a batch's numbers are taken in one `$inc`, and
 * an order that has a number keeps it (the update requires none), so a run stopped half-way goes
 * on where it stopped when it runs again.
 */
export const orderNumbers: Migration = {
  id: '001-order-numbers',
  description: 'existing orders get a number, in creation order',
  async up(db: Db) {
    const orders = db.collection('orders');
    let after: mongo.ObjectId | undefined;
    for (;;) {
      const batch = await orders
        .find(after === undefined ? {} : { _id: { $gt: after } }, {
          projection: { _id: 1, number: 1 },
        })
        .sort({ _id: 1 })
        .limit(BATCH)
        .toArray();
      if (batch.length === 0) return;
      after = batch.at(-1)!._id;
      const unnumbered = batch.filter((order) => order.number === undefined);
      if (unnumbered.length === 0) continue;
      const first = await takeSequenceIn(db, unnumbered.length);
      // One update for the whole batch (one write per order took 5 ms each on FerretDB: four
      // minutes for 50,000): each order's number is the batch's first plus its place in the batch.
      const batchIds = unnumbered.map((order) => order._id);
      await orders.updateMany({ _id: { $in: batchIds }, number: { $exists: false } }, [
        {
          $set: {
            number: {
              $concat: [
                ORDER_NUMBER_PREFIX,
                {
                  $toString: {
                    $add: [ORDER_NUMBER_BASE + first, { $indexOfArray: [batchIds, '$_id'] }],
                  },
                },
              ],
            },
          },
        },
      ]);
    }
  },
};
