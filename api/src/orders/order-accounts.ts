import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiMessages } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { notFound } from '../common/domain-error';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { OrderChanges } from './order-changes';
import { OrderInvoicing } from './order-invoicing';
import { Order } from './order.schema';

/** Overdue orders reminded per sweep; a backlog is worked off over the next sweeps. */
const BATCH = 100;

/**
 * Orders on a company's account (net terms): an admin records their payment, and an overdue one
 * gets one reminder (the outbox key makes it once, whichever API process sweeps first).
 */
@Injectable()
export class OrderAccounts {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly notifications: OrderNotifications,
    private readonly invoicing: OrderInvoicing,
  ) {}

  /** POST /admin/orders/{id}/payment: on account -> paid, its invoice issued, the credit free again. */
  async recordPayment(id: string, admin: string): Promise<{ state: 'paid' }> {
    const order = await this.orders.findById(id, { ...ORDER_FACT_FIELDS, state: 1 }).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    if (order.state !== 'on_account') throw await this.changes.refusal(id, 'recordPayment');
    const transactionId = `account-${id}`;
    const invoiceNumber = await this.invoicing.issueAtPayment(id, transactionId);
    await this.changes.require(
      id,
      'recordPayment',
      { role: 'admin', actor: admin },
      {
        set: { paid: true, transactionId, invoiceNumber },
        unset: { dueAt: 1 },
        entry: { transactionId },
      },
    );
    await this.notifications.paid({ ...order, id, transactionId });
    return { state: 'paid' };
  }

  /** One reminder per order on account past its due date at `now`; answers how many were queued. */
  async remindOverdue(now: Date): Promise<number> {
    const overdue = await this.orders
      .find({ state: 'on_account', dueAt: { $lt: now } }, { ...ORDER_FACT_FIELDS, dueAt: 1 })
      .sort({ dueAt: 1 })
      .limit(BATCH)
      .lean();
    let queued = 0;
    for (const order of overdue)
      if (
        await this.notifications.overdue({ ...order, id: String(order._id), dueAt: order.dueAt! })
      )
        queued++;
    return queued;
  }
}
