import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiMessages, OPEN_UNPAID_STATES, type OrderState } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import { notFound } from '../common/domain-error';
import type { ExpiredOrderFacts } from '../notifications/order-emails';
import { StockReservations } from '../tools/stock-reservations';
import { OrderChanges, type OrderChangeBy, type OrderChangeParts } from './order-changes';
import { Order, orderLabel } from './order.schema';
import { UnpaidOrderSlots } from './unpaid-order-slots';

/** The state a cancel decides on. */
export interface CancelableOrder {
  state: OrderState;
  /** The customer's (lower-cased): their own cancel is the customer's, anyone else's an admin's. */
  email: string;
  paymentIntentId?: string;
  unpaidSlot?: string;
  /** What goes back to stock: a multi-line order's lines, else its one tool. */
  lines: Array<{ toolId: string; quantity: number }>;
  /** What the audit log calls it: quantity, product and customer. */
  label?: string;
}

/** What goes back to stock of an order: a multi-line order's lines, else its one tool. */
export function stockLinesOf(order: Pick<Order, 'toolId' | 'orderQuantity' | 'lines'>) {
  return order.lines?.length
    ? order.lines.map((line) => ({ toolId: String(line.toolId), quantity: line.orderQuantity }))
    : [{ toolId: String(order.toolId), quantity: order.orderQuantity }];
}

/** An unpaid order past its reservation, with what its expiry email names. */
export type LapsedOrder = ExpiredOrderFacts;

/** Cancellation's and expiry's side of orders: read, close if still unpaid, give back what it held. */
@Injectable()
export class CancelableOrders {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly stock: StockReservations,
    private readonly slots: UnpaidOrderSlots,
  ) {}

  /** 404 for an unknown id. */
  async findCancelable(id: string): Promise<CancelableOrder> {
    const order = await this.orders
      .findById(id, {
        state: 1,
        paymentIntentId: 1,
        unpaidSlot: 1,
        toolId: 1,
        orderQuantity: 1,
        lines: 1,
        name: 1,
        email: 1,
      })
      .lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    const { state, paymentIntentId, unpaidSlot, toolId, orderQuantity, lines, name, email } = order;
    return {
      state,
      email,
      paymentIntentId,
      unpaidSlot,
      label: orderLabel({ orderQuantity, name, email }),
      lines: stockLinesOf({ toolId, orderQuantity, lines }),
    };
  }

  /**
   * Closes the order (cancel or expire) if it is still unpaid with this payment intent (or none),
   * then gives every line's quantity back to stock, with holds (StockReservations.returnForAll), so a
   * process dying in between cannot lose the stock; its slot is free again. false: not closed.
   */
  async closeAndGiveBack(
    id: string,
    order: CancelableOrder,
    action: 'cancel' | 'expire' | 'decline',
    by: OrderChangeBy,
    { set, entry }: Pick<OrderChangeParts, 'set' | 'entry'> = {},
  ): Promise<boolean> {
    const closed = await this.stock.returnForAll(order.lines, id, () =>
      this.changes.take(id, action, by, {
        where: { paymentIntentId: order.paymentIntentId ?? { $exists: false } },
        set: { ...set, stockReleased: true },
        entry,
        unset: { reservedUntil: 1, unpaidSlot: 1 },
      }),
    );
    if (closed) await this.slots.release(order.unpaidSlot, id);
    return closed;
  }

  /**
   * The sweep of stock holds left by processes that died between a stock change and the order's
   * insert or deletion: each is settled once (see StockReservations.settleHolds).
   */
  async settleAbandonedHolds(before: Date, limit: number): Promise<number> {
    let returned = 0;
    for (const toolId of await this.stock.heldBefore(before, limit)) {
      returned += await this.stock.settleHolds(toolId, before, (orderId) =>
        this.changes.keepsStock(orderId),
      );
    }
    return returned;
  }

  /** The expiry sweep: unpaid orders (or awaiting approval) whose reservation has passed, oldest first. */
  async findLapsed(now: Date, limit: number): Promise<LapsedOrder[]> {
    const lapsed = await this.orders
      .find(
        { state: { $in: [...OPEN_UNPAID_STATES] }, reservedUntil: { $lt: now } },
        { number: 1, purchaseOrder: 1, email: 1, name: 1, userName: 1, orderQuantity: 1, lines: 1 },
      )
      .sort({ reservedUntil: 1 })
      .limit(limit)
      .lean();
    return lapsed.map(
      ({ _id, number, purchaseOrder, email, name, userName, orderQuantity, lines }) => ({
        id: String(_id),
        ...(number && { number }),
        ...(purchaseOrder && { purchaseOrder }),
        email,
        name,
        orderQuantity,
        ...(lines?.length && { lines }),
        ...(userName && { userName }),
      }),
    );
  }
}
