import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ADMIN_ORDER_SEARCH_WINDOW,
  ApiMessages,
  orderNumberIn,
  type ModifiedAnswer,
  type OrderDayStats,
  type OrderState,
  type ShippingDetails,
} from '@toolshop/contracts';
import { Types, type Model, type QueryFilter } from 'mongoose';
import { recordChange } from '../audit/audit-trail';
import { modified } from '../common/answers.dto';
import { conflict, notFound } from '../common/domain-error';
import type { Page } from '../common/pagination';
import { OrderNotifications } from '../notifications/order-notifications';
import { listOrders, OrderChanges } from './order-changes';
import { Order } from './order.schema';
import { recordShipped } from './order-timeline';

const STATE_FILTERS: Record<OrderState, QueryFilter<Order>> = {
  unpaid: { paid: false, shipped: false },
  paid: { paid: true, shipped: false },
  shipped: { paid: true, shipped: true },
};
const DAY_MS = 86_400_000;

/** The admin's side of orders: every order by state, approval for shipping, daily figures. */
@Injectable()
export class AdminOrdersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly notifications: OrderNotifications,
  ) {}

  async listAll(state: OrderState | undefined, page: Page, q?: string) {
    const inState = state ? STATE_FILTERS[state] : {};
    const search = q?.trim();
    if (!search) return listOrders(this.orders, inState, page, { byKey: true });
    return listOrders(this.orders, { ...inState, ...(await this.searchFilter(search)) }, page);
  }

  /**
   * What a search finds, always through an index or a bounded range: an order id (the primary
   * key), an order number with or without its `TS-` (the number index), a customer email or its start (the email index), else words of the ship-to name or
   * address in the newest ADMIN_ORDER_SEARCH_WINDOW orders (a range of the primary key).
   */
  private async searchFilter(search: string): Promise<QueryFilter<Order>> {
    if (/^[0-9a-f]{24}$/i.test(search)) return { _id: new Types.ObjectId(search) };
    const number = orderNumberIn(search);
    if (number) return { number };
    if (search.includes('@')) {
      const start = search.toLowerCase();
      return { email: { $gte: start, $lt: `${start}\uffff` } };
    }
    const [oldest] = await this.orders
      .find({}, { _id: 1 })
      .sort({ _id: -1 })
      .skip(ADMIN_ORDER_SEARCH_WINDOW - 1)
      .limit(1)
      .lean();
    const words = search
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    return {
      ...(oldest && { _id: { $gte: oldest._id } }),
      $and: words.map((word) => ({ $or: [{ address: word }, { userName: word }] })),
    };
  }

  /**
   * Paid -> shipped, by this admin, with the carrier and tracking number they entered (if any).
   * Repeating it is harmless (modifiedCount 0; the first approval's details stay).
   */
  async approve(
    id: string,
    admin: string,
    shipping: ShippingDetails = {},
  ): Promise<ModifiedAnswer> {
    const result = await this.changes.transition(
      id,
      { paid: true, shipped: false },
      { $set: { shipped: true, ...shipping }, ...recordShipped(admin, shipping) },
    );
    if (result.modifiedCount > 0) {
      const order = await this.notifyShipped(id, shipping);
      // The audit log names the order by what and whom it is for, beside its id.
      recordChange(
        { shipped: false },
        { shipped: true, ...shipping },
        order ? `${order.orderQuantity} × ${order.name} for ${order.email}` : undefined,
      );
      return result;
    }
    const order = await this.orders.findById(id, { paid: 1, shipped: 1 }).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    if (!order.paid) throw conflict(ApiMessages.onlyPaidOrdersShip);
    return modified(1, 0);
  }

  private async notifyShipped(id: string, shipping: ShippingDetails) {
    const order = await this.orders
      .findById(id, {
        number: 1,
        email: 1,
        name: 1,
        userName: 1,
        orderQuantity: 1,
        totalPrice: 1,
        lines: 1,
      })
      .lean();
    if (order) await this.notifications.shipped({ ...order, id }, shipping);
    return order;
  }

  /** Orders and paid revenue per UTC day for the last `days` days (today included), oldest first. */
  async stats(days: number, now = new Date()): Promise<OrderDayStats[]> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (days - 1) * DAY_MS);
    const byDay = new Map<string, OrderDayStats>();
    for (let i = 0; i < days; i++) {
      const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      byDay.set(day, { day, orders: 0, revenue: 0 });
    }
    const cursor = this.orders
      .find({ createdAt: { $gte: since } }, { createdAt: 1, paid: 1, totalPrice: 1 })
      .lean()
      .cursor();
    for await (const order of cursor) {
      const entry = byDay.get(order.createdAt.toISOString().slice(0, 10));
      if (!entry) continue;
      entry.orders += 1;
      if (order.paid) entry.revenue += order.totalPrice;
    }
    return [...byDay.values()];
  }
}
