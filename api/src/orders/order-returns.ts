import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  canTake,
  coversAll,
  namedUnits,
  refundLinesProblem,
  refusalOf,
  type ModifiedAnswer,
  type RefundLine,
} from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { recordChange } from '../audit/audit-trail';
import { modified } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { OrderChanges, returnWindowOpen } from './order-changes';
import { OrderRefunds, type OrderWithFacts, type RefundAnswer } from './order-refunds';
import { Order, orderLabel } from './order.schema';

type Decision = 'approve' | 'reject' | 'receive';
const ACTION_OF = {
  approve: 'approveReturn',
  reject: 'rejectReturn',
  receive: 'receiveReturn',
} as const;

/**
 * Returns of some or all units of a shipped or delivered order: the customer asks within
 * RETURN_WINDOW_DAYS of delivery, with a reason; an admin approves or refuses it (saying why); once
 * the goods are back, receiving them refunds those units (stock back: they are in the warehouse
 * again), and the order is refunded, or delivered again when it kept some units. One return at a
 * time per order, its id the order's; the latest is on the order, every one in its timeline.
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
  async request(
    id: string,
    { reason, lines }: { reason: string; lines?: readonly RefundLine[] },
  ): Promise<{ returnId: string }> {
    const order = await this.orders.findById(id, RETURN_FIELDS).lean<ReturnableOrder>();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    if (!canTake('requestReturn', order.state, ['customer']))
      throw conflict(refusalOf('requestReturn', order.state));
    if (!returnWindowOpen(order)) throw conflict(ApiMessages.returnWindowClosed);
    if (lines) {
      const problem = refundLinesProblem(order, lines, 'returned');
      if (problem) throw invalid(problem);
    }
    const chosen =
      lines && !coversAll(order, lines)
        ? lines.map(({ toolId, quantity }) => ({ toolId, quantity }))
        : undefined;
    const requestedAt = new Date();
    await this.changes.require(
      id,
      'requestReturn',
      { role: 'customer' },
      {
        // Read in this state with these refunds: a refund landing meanwhile makes the lines stale.
        from: order.state,
        where: { [`refunds.${order.refunds?.length ?? 0}`]: { $exists: false } },
        set: { return: { reason, requestedAt, ...(chosen && { lines: chosen }) } },
        entry: { reason, ...(chosen && { lines: chosen }) },
      },
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
    const order = await this.orders.findById(id, RETURN_FIELDS).lean<ReturnableOrder>();
    recordChange(
      { return: 'asked' },
      { return: decision, ...(reason && { reason }) },
      order ? orderLabel(order) : undefined,
    );
    if (decision !== 'receive') {
      await this.notify(id, decision === 'approve' ? 'approved' : 'rejected', reason);
      return modified(1, 1);
    }
    // The goods are back: the money goes back too (a provider's refusal leaves the refund to retry).
    const refund = await this.refunds.refund(id, admin, {
      reason: reason ?? 'Returned',
      lines: order?.return?.lines,
    });
    return { ...modified(1, 1), refund };
  }

  /** The return's email, once per return (its request time) and news. */
  private async notify(id: string, news: 'requested' | 'approved' | 'rejected', reason?: string) {
    const order = await this.orders.findById(id, RETURN_FIELDS).lean<ReturnableOrder>();
    if (!order?.return) return;
    const { lines, requestedAt } = order.return;
    await this.notifications.returnNews({ ...order, id }, news, reason, {
      round: String(new Date(requestedAt).getTime()),
      ...(lines && { units: namedUnits(order, lines) }),
    });
  }
}

const RETURN_FIELDS = {
  ...ORDER_FACT_FIELDS,
  toolId: 1,
  state: 1,
  shippedAt: 1,
  deliveredAt: 1,
  refunds: 1,
  return: 1,
} as const;

type ReturnableOrder = OrderWithFacts<
  'toolId' | 'state' | 'shippedAt' | 'deliveredAt' | 'refunds' | 'return'
>;
