import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiMessages, canTake, refusalOf, type ModifiedAnswer } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { recordChange } from '../audit/audit-trail';
import { modified } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { OrderChanges, returnWindowOpen } from './order-changes';
import { OrderRefunds, type RefundAnswer } from './order-refunds';
import { Order, orderLabel } from './order.schema';

type Decision = 'approve' | 'reject' | 'receive';
const ACTION_OF = {
  approve: 'approveReturn',
  reject: 'rejectReturn',
  receive: 'receiveReturn',
} as const;

/**
 * Returns of a whole shipped or delivered order: the customer asks within RETURN_WINDOW_DAYS of
 * delivery, with a reason; an admin approves or refuses it (saying why); once the goods are back,
 * receiving them refunds the order (stock back: the units are in the warehouse again). One return
 * per order, its id the order's.
 */
@Injectable()
export class OrderReturns {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly refunds: OrderRefunds,
    private readonly notifications: OrderNotifications,
  ) {}

  /** POST /orders/:id/returns by the order's customer (the route checks it is theirs). */
  async request(id: string, reason: string): Promise<{ returnId: string }> {
    const order = await this.orders.findById(id, { state: 1, shippedAt: 1, deliveredAt: 1 }).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    if (!canTake('requestReturn', order.state, ['customer']))
      throw conflict(refusalOf('requestReturn', order.state));
    if (!returnWindowOpen(order)) throw conflict(ApiMessages.returnWindowClosed);
    await this.changes.require(
      id,
      'requestReturn',
      { role: 'customer' },
      { set: { return: { reason, requestedAt: new Date() } }, entry: { reason } },
    );
    await this.notify(id, 'requested', reason);
    return { returnId: id };
  }

  /** PATCH /returns/:id by an admin: approve, refuse with a reason, or receive (and refund). */
  async decide(
    id: string,
    admin: string,
    decision: Decision,
    reason?: string,
  ): Promise<ModifiedAnswer & { refund?: RefundAnswer }> {
    if (decision === 'reject' && !reason) throw invalid(ApiMessages.rejectionNeedsReason);
    const action = ACTION_OF[decision];
    await this.changes.require(
      id,
      action,
      { role: 'admin', actor: admin },
      { entry: { ...(reason && { reason }) } },
    );
    const order = await this.orders.findById(id, ORDER_FACT_FIELDS).lean();
    recordChange(
      { return: 'asked' },
      { return: decision, ...(reason && { reason }) },
      order ? orderLabel(order) : undefined,
    );
    if (decision !== 'receive') {
      if (order)
        await this.notifications.returnNews(
          { ...order, id },
          decision === 'approve' ? 'approved' : 'rejected',
          reason,
        );
      return modified(1, 1);
    }
    // The goods are back: the money goes back too (a provider's refusal leaves the refund to retry).
    const refund = await this.refunds.refund(id, admin, reason ?? 'Returned');
    return { ...modified(1, 1), refund };
  }

  private async notify(id: string, news: 'requested' | 'approved' | 'rejected', reason?: string) {
    const order = await this.orders.findById(id, ORDER_FACT_FIELDS).lean();
    if (order) await this.notifications.returnNews({ ...order, id }, news, reason);
  }
}
