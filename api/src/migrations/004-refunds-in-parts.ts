import type { Db, Migration } from './migration';

/** MongoDB's answer to dropping an index that does not exist. */
const INDEX_NOT_FOUND = 27;

/**
 * Refunds in parts: an order's one `refund` (always of the whole order) becomes the first of its
 * `refunds`, naming every unit of the order; credit notes lose their one-per-order index (a note
 * per refund now, unique by refund id, built by the API at start). Each order is rewritten only
 * while it still has `refund`, so a run stopped half-way goes on where it stopped.
 */
export const refundsInParts: Migration = {
  id: '004-refunds-in-parts',
  description: 'an order’s refund becomes the first of its refunds; credit notes one per refund',
  async up(db: Db) {
    const orders = db.collection('orders');
    const refunded = orders.find(
      { refund: { $exists: true } },
      { projection: { refund: 1, toolId: 1, orderQuantity: 1, lines: 1 } },
    );
    for await (const order of refunded) {
      const lines = (
        (order.lines as Array<{ toolId: unknown; orderQuantity: number }> | undefined) ?? [
          { toolId: order.toolId, orderQuantity: order.orderQuantity as number },
        ]
      ).map((line) => ({ toolId: String(line.toolId), quantity: line.orderQuantity }));
      const refund = order.refund as Record<string, unknown>;
      await orders.updateOne(
        { _id: order._id, refund: { $exists: true } },
        {
          $set: {
            refunds: [
              { ...refund, lines, ...(refund.status === 'succeeded' && { stockReleased: true }) },
            ],
          },
          $unset: { refund: 1 },
        },
      );
    }
    await db
      .collection('credit_notes')
      .dropIndex('orderId_1')
      .catch((error: { code?: number; codeName?: string }) => {
        if (error.code !== INDEX_NOT_FOUND && error.codeName !== 'NamespaceNotFound') throw error;
      });
  },
};
