import type { Db, Migration } from './migration';

/** Indexes of the two booleans the state replaced, as their schemas named them. */
const REPLACED_INDEXES = ['paid_1_shipped_1__id_-1', 'paid_1_reservedUntil_1'];
/** MongoDB's answer to dropping an index that does not exist. */
const INDEX_NOT_FOUND = 27;

/**
 * Orders written before the declared lifecycle get their `state` from the two booleans they had
 * (shipped, else paid, else unpaid: cancelled and expired orders were deleted then). Each update
 * requires no state, so a run stopped half-way goes on where it stopped; the indexes of the
 * booleans go (the API builds the state's at start).
 */
export const orderStates: Migration = {
  id: '003-order-states',
  description: 'existing orders get their lifecycle state',
  async up(db: Db) {
    const orders = db.collection('orders');
    const stateless = { state: { $exists: false } };
    await orders.updateMany({ ...stateless, shipped: true }, { $set: { state: 'shipped' } });
    await orders.updateMany({ ...stateless, paid: true }, { $set: { state: 'paid' } });
    await orders.updateMany(stateless, { $set: { state: 'unpaid' } });
    for (const name of REPLACED_INDEXES) {
      await orders.dropIndex(name).catch((error: { code?: number; codeName?: string }) => {
        if (error.code !== INDEX_NOT_FOUND && error.codeName !== 'NamespaceNotFound') throw error;
      });
    }
  },
};
