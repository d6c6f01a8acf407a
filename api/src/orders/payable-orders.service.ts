import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isObjectId } from '../common/parse-object-id.pipe';
import { OrderNotifications } from '../notifications/order-notifications';
import { OrderChanges } from './order-changes';
import { Order } from './order.schema';
import { recordPaid } from './order-timeline';
import { UnpaidOrderSlots } from './unpaid-order-slots';

/**
 * Payments' side of orders (what payments' PayableOrders port asks; bound there, so orders never
 * import payments): read, attach an intent, mark paid.
 */
@Injectable()
export class PayableOrdersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly slots: UnpaidOrderSlots,
    private readonly notifications: OrderNotifications,
  ) {}

  /** What a payment is checked against, or null for an unknown id. */
  async findPayable(id: string) {
    if (!isObjectId(id)) return null;
    const order = await this.orders
      .findById(id, { email: 1, totalPrice: 1, paid: 1, paymentIntentId: 1, transactionId: 1 })
      .lean();
    if (!order) return null;
    const { email, totalPrice, paid, paymentIntentId, transactionId } = order;
    return { id: String(order._id), email, totalPrice, paid, paymentIntentId, transactionId };
  }

  /** Remembers the provider's payment intent on an unpaid order. */
  async attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean> {
    const result = await this.changes.transition(
      id,
      { paid: false },
      { $set: { paymentIntentId } },
    );
    return result.matchedCount > 0;
  }

  /** The one "mark paid": unpaid with this intent -> paid with it as transactionId; a repeat changes nothing. */
  async markPaid(id: string, paymentIntentId: string): Promise<boolean> {
    const held = await this.orders
      .findById(id, {
        unpaidSlot: 1,
        number: 1,
        email: 1,
        name: 1,
        userName: 1,
        orderQuantity: 1,
        totalPrice: 1,
        lines: 1,
      })
      .lean();
    const result = await this.changes.transition(
      id,
      { paid: false, paymentIntentId },
      {
        $set: { paid: true, transactionId: paymentIntentId },
        $unset: { reservedUntil: 1, unpaidSlot: 1 },
        ...recordPaid(paymentIntentId),
      },
    );
    if (result.modifiedCount === 0) return false;
    await this.slots.release(held?.unpaidSlot, id);
    if (held) await this.notifications.paid({ ...held, id, transactionId: paymentIntentId });
    return true;
  }
}
