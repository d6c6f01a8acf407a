import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiMessages, canTake, holdsGoods, refusalOf } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { recordChange } from '../audit/audit-trail';
import { conflict, DomainError, notFound } from '../common/domain-error';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { StockReservations } from '../tools/stock-reservations';
import { stockLinesOf } from './cancelable-orders';
import { OrderChanges } from './order-changes';
import { OrderInvoicing } from './order-invoicing';
import { OrderPayments } from './order-payments';
import { Order, orderLabel, type OrderRefund } from './order.schema';

/** Rounds of read-and-write before a refund gives up on an order that keeps changing. */
const MAX_ATTEMPTS = 3;
/** A refund pending this long was left by a process that died: asking again completes it. */
const ABANDONED_AFTER_MS = 60_000;

/** What POST /orders/:id/refunds answers. */
export interface RefundAnswer {
  refundId: string;
  /** Whole dollars given back. */
  amount: number;
  creditNoteNumber: number;
}

const REFUND_FIELDS = {
  ...ORDER_FACT_FIELDS,
  toolId: 1,
  lines: 1,
  state: 1,
  transactionId: 1,
  refund: 1,
} as const;

type RefundableOrder = Pick<
  Order,
  | 'number'
  | 'email'
  | 'name'
  | 'userName'
  | 'orderQuantity'
  | 'totalPrice'
  | 'toolId'
  | 'lines'
  | 'state'
  | 'transactionId'
  | 'refund'
> & { _id: unknown };

/**
 * The lifecycle's refund of a whole paid order, as steps with compensation: (1) the state change
 * to refunded with the refund pending, one conditional write, so of two refunds, or a refund and a
 * shipment, one wins; (2) the money back at the payment provider, keyed by the order (asked twice,
 * it refunds once); (3) the refund marked done, with the units back in stock if they never left
 * the warehouse (the stock-hold protocol a cancel uses) and its credit note. A provider's refusal undoes step 1; a
 * provider that cannot be reached leaves the refund pending, and asking again completes it.
 */
@Injectable()
export class OrderRefunds {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly payments: OrderPayments,
    private readonly stock: StockReservations,
    private readonly notifications: OrderNotifications,
    private readonly invoicing: OrderInvoicing,
  ) {}

  async refund(id: string, admin: string, reason?: string): Promise<RefundAnswer> {
    // Another change (a shipment) may land between the read and the write: read again then.
    for (let attempt = 1; ; attempt++) {
      const order = await this.orders.findById(id, REFUND_FIELDS).lean<RefundableOrder>();
      if (!order) throw notFound(ApiMessages.orderNotFound);
      if (order.state === 'refunded' && order.refund?.status === 'pending') {
        // Another request is making it now; one left by a process that died is completed.
        if (Date.now() - new Date(order.refund.at).getTime() < ABANDONED_AFTER_MS)
          throw conflict(ApiMessages.refundInProgress);
        return this.complete(id, order, order.refund);
      }
      if (!canTake('refund', order.state, ['admin']))
        throw conflict(refusalOf('refund', order.state));
      if (!order.transactionId) throw conflict(ApiMessages.noPaymentToRefund);
      const refund: OrderRefund = {
        amount: order.totalPrice,
        ...(reason && { reason }),
        status: 'pending',
        at: new Date(),
        by: admin,
        from: order.state,
      };
      const taken = await this.changes.take(
        id,
        'refund',
        { role: 'admin', actor: admin },
        {
          where: { state: order.state },
          set: { refund },
          entry: { amount: refund.amount, ...(reason && { reason }) },
        },
      );
      if (taken) return this.complete(id, order, refund);
      if (attempt === MAX_ATTEMPTS) throw await this.changes.refusal(id, 'refund');
    }
  }

  private async complete(
    id: string,
    order: RefundableOrder,
    refund: OrderRefund,
  ): Promise<RefundAnswer> {
    let made: { id: string };
    try {
      made = await this.payments.refund({
        id,
        transactionId: order.transactionId!,
        amount: refund.amount,
      });
    } catch (error) {
      if (error instanceof DomainError) await this.undo(id, refund);
      throw error;
    }
    // The money is back for good: its credit note (once per order) goes with the refund's record.
    const creditNote = await this.invoicing.issueCreditNote(id, made.id);
    const markDone = () => this.markDone(id, made.id, creditNote, holdsGoods(refund.from));
    const done = holdsGoods(refund.from)
      ? await this.stock.returnForAll(stockLinesOf(order), id, markDone)
      : await markDone();
    if (done) {
      await this.notifications.refunded(
        { ...order, id, transactionId: order.transactionId },
        refund,
      );
      recordChange(
        { state: refund.from },
        { state: 'refunded', amount: refund.amount },
        orderLabel(order),
      );
    }
    return { refundId: made.id, amount: refund.amount, creditNoteNumber: creditNote };
  }

  /** Step 3, once: false when another request completed it first. */
  private async markDone(id: string, refundId: string, creditNote: number, releasesStock: boolean) {
    const result = await this.orders.updateOne(
      { _id: id, state: 'refunded', 'refund.status': 'pending' },
      {
        $set: {
          'refund.status': 'succeeded',
          'refund.id': refundId,
          'refund.creditNoteNumber': creditNote,
          ...(releasesStock && { stockReleased: true }),
        },
      },
    );
    return result.modifiedCount > 0;
  }

  /** The provider refused: the order goes back to the state it was refunded from, its entry removed. */
  private async undo(id: string, refund: OrderRefund) {
    await this.orders.updateOne(
      { _id: id, state: 'refunded', 'refund.status': 'pending' },
      { $set: { state: refund.from }, $unset: { refund: 1 }, $pop: { timeline: 1 } },
    );
  }
}
