import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  allUnitsLeft,
  ApiMessages,
  canTake,
  coversAll,
  holdsGoods,
  namedUnits,
  nextState,
  refundAmountOf,
  refundLinesProblem,
  refusalOf,
  unitsLeft,
  type RefundLine,
} from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { recordChange } from '../audit/audit-trail';
import { conflict, DomainError, invalid, notFound } from '../common/domain-error';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { StockReservations } from '../tools/stock-reservations';
import { OrderChanges, refundHolder } from './order-changes';
import { OrderInvoicing, type CreditedRefund } from './order-invoicing';
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
  sku: 1,
  unitPrice: 1,
  lines: 1,
  state: 1,
  transactionId: 1,
  refunds: 1,
} as const;

/** An order read with the fields its emails name (ORDER_FACT_FIELDS) and `more`. */
export type OrderWithFacts<More extends keyof Order> = Pick<
  Order,
  keyof typeof ORDER_FACT_FIELDS | More
>;

type RefundableOrder = OrderWithFacts<
  'toolId' | 'sku' | 'unitPrice' | 'state' | 'transactionId' | 'refunds'
> & { _id: unknown };

/**
 * The lifecycle's refunds of a paid order, whole or some units, as steps with compensation: (1) the
 * refund appended pending, with the state change (refunded when it gives back every unit left,
 * else the order goes on: refundPart), one conditional write that also requires no other refund
 * appended since the read, so two refunds never give back the same units; (2) the money back at the
 * payment provider, keyed by the order and the refund's index (asked twice, it refunds once);
 * (3) the refund marked done with its credit note, and its units back in stock if they never left
 * the warehouse (the stock-hold protocol a cancel uses, held by the refund). A provider's refusal
 * undoes step 1; a provider that cannot be reached leaves the refund pending, and asking again
 * completes it.
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

  /** Refunds `lines` of the order, or without them every unit not refunded yet. */
  async refund(
    id: string,
    admin: string,
    { reason, lines }: { reason?: string; lines?: readonly RefundLine[] } = {},
  ): Promise<RefundAnswer> {
    // Another change (a shipment, another refund) may land between the read and the write: read again then.
    for (let attempt = 1; ; attempt++) {
      const order = await this.orders.findById(id, REFUND_FIELDS).lean<RefundableOrder>();
      if (!order) throw notFound(ApiMessages.orderNotFound);
      const refunds = order.refunds ?? [];
      const pending = refunds.findIndex((refund) => refund.status === 'pending');
      if (pending >= 0) {
        // Another request is making it now; one left by a process that died is completed.
        if (Date.now() - new Date(refunds[pending]!.at).getTime() < ABANDONED_AFTER_MS)
          throw conflict(ApiMessages.refundInProgress);
        return this.complete(id, order, pending);
      }
      const chosen = lines?.length ? lines : allUnitsLeft(order);
      const whole = coversAll(order, chosen);
      const action = whole ? 'refund' : 'refundPart';
      if (!canTake(action, order.state, ['admin'])) throw conflict(refusalOf(action, order.state));
      const problem = refundLinesProblem(order, chosen);
      // Lines naming products the order lacks, or one twice, are a wrong request; too many units, a stale one.
      if (problem) throw malformed(order, chosen) ? invalid(problem) : conflict(problem);
      if (!order.transactionId) throw conflict(ApiMessages.noPaymentToRefund);
      const refund: OrderRefund = {
        amount: refundAmountOf(order, chosen),
        lines: chosen.map(({ toolId, quantity }) => ({ toolId, quantity })),
        ...(reason && { reason }),
        status: 'pending',
        at: new Date(),
        by: admin,
        from: order.state,
      };
      const index = refunds.length;
      const taken = await this.changes.take(
        id,
        action,
        { role: 'admin', actor: admin },
        {
          from: order.state,
          where: { [`refunds.${index}`]: { $exists: false } },
          push: { refunds: refund },
          entry: {
            at: refund.at,
            amount: refund.amount,
            ...(reason && { reason }),
            ...(!whole && { lines: refund.lines }),
          },
        },
      );
      if (taken) return this.complete(id, { ...order, refunds: [...refunds, refund] }, index);
      if (attempt === MAX_ATTEMPTS) throw await this.changes.refusal(id, action);
    }
  }

  private async complete(id: string, order: RefundableOrder, index: number): Promise<RefundAnswer> {
    const refund = order.refunds![index]!;
    let made: { id: string };
    try {
      made = await this.payments.refund({
        id,
        transactionId: order.transactionId!,
        amount: refund.amount,
        index,
      });
    } catch (error) {
      if (error instanceof DomainError) await this.undo(id, index, refund);
      throw error;
    }
    // The money is back for good: its credit note (once per refund) goes with the refund's record.
    const creditNote = await this.invoicing.issueCreditNote(id, credited(order, refund, made.id));
    const releasesStock = holdsGoods(refund.from);
    const markDone = () => this.markDone(id, index, made.id, creditNote, releasesStock);
    const done = releasesStock
      ? await this.stock.returnForAll(refund.lines, refundHolder(id, index), markDone)
      : await markDone();
    if (done) {
      // `order` counts this refund among its refunds: none left means it was the last units.
      const whole = allUnitsLeft(order).length === 0;
      await this.notifications.refunded(
        { ...order, id, transactionId: order.transactionId },
        {
          amount: refund.amount,
          ...(refund.reason && { reason: refund.reason }),
          ...(!whole && { units: namedUnits(order, refund.lines) }),
        },
        index,
      );
      recordChange(
        { state: refund.from },
        { state: whole ? 'refunded' : 'refunded in part', amount: refund.amount },
        orderLabel(order),
      );
    }
    return { refundId: made.id, amount: refund.amount, creditNoteNumber: creditNote };
  }

  /** Step 3, once: false when another request completed it first. */
  private async markDone(
    id: string,
    index: number,
    refundId: string,
    creditNote: number,
    releasesStock: boolean,
  ) {
    const at = `refunds.${index}`;
    const result = await this.orders.updateOne(
      { _id: id, [`${at}.status`]: 'pending' },
      {
        $set: {
          [`${at}.status`]: 'succeeded',
          [`${at}.id`]: refundId,
          [`${at}.creditNoteNumber`]: creditNote,
          ...(releasesStock && { [`${at}.stockReleased`]: true }),
        },
      },
    );
    return result.modifiedCount > 0;
  }

  /**
   * The provider refused: the refund and its timeline entry go, and the order goes back to the
   * state it was refunded from if nothing moved it since (a shipment may have, after a part refund).
   */
  private async undo(id: string, index: number, refund: OrderRefund) {
    const pending = { _id: id, [`refunds.${index}.status`]: 'pending' };
    const remove = {
      $pull: { refunds: { at: refund.at }, timeline: { at: refund.at, by: 'admin' } },
    };
    const refundedTo = [
      nextState('refund', refund.from),
      nextState('refundPart', refund.from),
    ].filter((state) => state !== undefined);
    const back = await this.orders.updateOne(
      { ...pending, state: { $in: refundedTo } },
      { ...remove, $set: { state: refund.from } },
    );
    if (back.modifiedCount === 0) await this.orders.updateOne(pending, remove);
  }
}

/** Whether the lines name a product the order lacks, or one twice. */
function malformed(order: RefundableOrder, lines: readonly RefundLine[]) {
  const products = new Set(unitsLeft(order).map((product) => product.toolId));
  const named = new Set(lines.map((line) => line.toolId));
  return named.size !== lines.length || [...named].some((toolId) => !products.has(toolId));
}

/** The refund as its credit note prints it: each refunded product at its unit price. */
function credited(order: RefundableOrder, refund: OrderRefund, id: string): CreditedRefund {
  const ordered = order.lines?.length
    ? order.lines.map((line) => ({ ...line, toolId: String(line.toolId) }))
    : [
        {
          toolId: String(order.toolId),
          name: order.name,
          sku: order.sku,
          orderQuantity: order.orderQuantity,
          unitPrice: order.unitPrice ?? order.totalPrice / order.orderQuantity,
        },
      ];
  return {
    id,
    amount: refund.amount,
    lines: refund.lines.map((line) => {
      const product = ordered.find((each) => each.toolId === line.toolId);
      return {
        description: product?.name ?? '',
        ...(product?.sku && { sku: product.sku }),
        quantity: line.quantity,
        unitPrice: product?.unitPrice ?? 0,
      };
    }),
  };
}
