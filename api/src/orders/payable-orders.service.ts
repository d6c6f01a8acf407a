import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isObjectId } from '../common/parse-object-id.pipe';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { OrderChanges } from './order-changes';
import { OrderInvoicing } from './order-invoicing';
import { Order } from './order.schema';
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
    private readonly invoicing: OrderInvoicing,
  ) {}

  /** What a payment is checked against, or null for an unknown id. */
  async findPayable(id: string) {
    if (!isObjectId(id)) return null;
    const order = await this.orders
      .findById(id, {
        email: 1,
        totalPrice: 1,
        state: 1,
        paid: 1,
        paymentIntentId: 1,
        transactionId: 1,
      })
      .lean();
    if (!order) return null;
    const { email, totalPrice, state, paid, paymentIntentId, transactionId } = order;
    return {
      id: String(order._id),
      email,
      totalPrice,
      state,
      paid,
      paymentIntentId,
      transactionId,
    };
  }

  /** Remembers the provider's payment intent on an order still awaiting payment. */
  async attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean> {
    const result = await this.orders.updateOne(
      { _id: id, state: 'unpaid' },
      { $set: { paymentIntentId } },
    );
    return result.matchedCount > 0;
  }

  /**
   * The one "mark paid": unpaid with this intent -> paid with it as transactionId and the invoice
   * issued for it (its number recorded in the same write); a repeat changes nothing. Called only
   * once the provider says the money was taken, so the invoice is never for an unpaid order.
   */
  async markPaid(id: string, paymentIntentId: string): Promise<boolean> {
    const held = await this.orders
      .findById(id, { ...ORDER_FACT_FIELDS, unpaidSlot: 1, state: 1, paymentIntentId: 1 })
      .lean();
    if (held?.state !== 'unpaid' || held.paymentIntentId !== paymentIntentId) return false;
    const invoiceNumber = await this.invoicing.issueAtPayment(id, paymentIntentId);
    const paid = await this.changes.take(
      id,
      'pay',
      { role: 'customer' },
      {
        where: { paymentIntentId },
        set: { paid: true, transactionId: paymentIntentId, invoiceNumber },
        unset: { reservedUntil: 1, unpaidSlot: 1 },
        entry: { transactionId: paymentIntentId },
      },
    );
    if (!paid) return false;
    await this.slots.release(held.unpaidSlot, id);
    await this.notifications.paid({ ...held, id, transactionId: paymentIntentId });
    return true;
  }
}
