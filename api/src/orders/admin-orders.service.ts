import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ADMIN_ORDER_SEARCH_WINDOW,
  orderNumberIn,
  purchaseOrderError,
  type ModifiedAnswer,
  type OrderDayStats,
  type OrderState,
  type OrderStateFilter,
  type ShippingDetails,
} from '@toolshop/contracts';
import { Types, type Model, type QueryFilter } from 'mongoose';
import { recordChange } from '../audit/audit-trail';
import { modified } from '../common/answers.dto';
import type { Page } from '../common/pagination';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { csvRow, type CsvOrder, ORDER_CSV_HEADER, orderCsvRow } from './order-csv';
import {
  countOpenOrders,
  listOrders,
  NEWEST_FIRST,
  OrderChanges,
  ordersInState,
  PUBLIC_FIELDS,
  withActions,
  type OrderChangeBy,
} from './order-changes';
import { Order, orderLabel } from './order.schema';

/** The states whose orders' money the shop keeps: the chart's revenue. */
const EARNING: readonly OrderState[] = ['paid', 'shipped', 'delivered'];
const ADMIN: OrderChangeBy['role'][] = ['admin'];
/** Rows read from the database per round trip while the CSV streams out. */
const CSV_BATCH = 200;
const DAY_MS = 86_400_000;

/** The admin's side of orders: every order by state, approval for shipping, daily figures. */
@Injectable()
export class AdminOrdersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly changes: OrderChanges,
    private readonly notifications: OrderNotifications,
  ) {}

  /** Orders in `state` (none: every open one), with the admins' actions on each. */
  async listAll(state: OrderStateFilter | undefined, page: Page, q?: string) {
    const inState = ordersInState(state);
    const search = q?.trim();
    const { orders, total } = search
      ? await listOrders(this.orders, { ...inState, ...(await this.searchFilter(search)) }, page)
      : await listOrders(this.orders, inState, page, {
          byKey: true,
          count: state ? undefined : () => countOpenOrders(this.orders),
        });
    return { orders: orders.map((order) => withActions(order, ADMIN)), total };
  }

  /**
   * What a search finds, always through an index or a bounded range: an order id (the primary
   * key), a buyer's PO number exactly as they gave it (the purchaseOrder index; it comes before the
   * other readings of the text, since a PO number may look like an order number or a word), an
   * order number with or without its `TS-` (the number index), a customer email or its start (the
   * email index), else words of the ship-to name or address in the newest
   * ADMIN_ORDER_SEARCH_WINDOW orders (a range of the primary key).
   */
  private async searchFilter(search: string): Promise<QueryFilter<Order>> {
    if (/^[0-9a-f]{24}$/i.test(search)) return { _id: new Types.ObjectId(search) };
    if (!purchaseOrderError(search) && (await this.orders.exists({ purchaseOrder: search })))
      return { purchaseOrder: search };
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
   * The lifecycle's ship (the spec's approval), by this admin, with the carrier and tracking number
   * they entered.
   */
  async approve(
    id: string,
    admin: string,
    shipping: ShippingDetails = {},
  ): Promise<ModifiedAnswer> {
    await this.changes.require(
      id,
      'ship',
      { role: 'admin', actor: admin },
      { set: { shipped: true, shippedAt: new Date(), ...shipping }, entry: { ...shipping } },
    );
    const order = await this.notifyShipped(id, shipping);
    // The audit log names the order by what and whom it is for, beside its id.
    recordChange(
      { shipped: false },
      { shipped: true, ...shipping },
      order ? orderLabel(order) : undefined,
    );
    return modified(1, 1);
  }

  /** The lifecycle's deliver: the carrier handed a shipped order over; the customer is told. */
  async deliver(id: string, admin: string): Promise<ModifiedAnswer> {
    await this.changes.require(
      id,
      'deliver',
      { role: 'admin', actor: admin },
      { set: { deliveredAt: new Date() } },
    );
    const order = await this.orders.findById(id, ORDER_FACT_FIELDS).lean();
    if (order) await this.notifications.delivered({ ...order, id });
    recordChange(
      { state: 'shipped' },
      { state: 'delivered' },
      order ? orderLabel(order) : undefined,
    );
    return modified(1, 1);
  }

  private async notifyShipped(id: string, shipping: ShippingDetails) {
    const order = await this.orders.findById(id, ORDER_FACT_FIELDS).lean();
    if (order) await this.notifications.shipped({ ...order, id }, shipping);
    return order;
  }

  /**
   * The CSV export: every order of the state (none: every open one), newest first, read from a
   * database cursor (never the whole list in memory), UTF-8 with a byte order mark so that
   * spreadsheets read the names right.
   */
  async *csvLines(state: OrderStateFilter | undefined): AsyncGenerator<string> {
    const cursor = this.orders
      .find(ordersInState(state), PUBLIC_FIELDS)
      .sort(NEWEST_FIRST)
      .lean<CsvOrder[]>()
      .cursor({ batchSize: CSV_BATCH });
    yield `\uFEFF${csvRow(ORDER_CSV_HEADER)}`;
    for await (const order of cursor) yield orderCsvRow(order);
  }

  /**
   * Orders and paid revenue per UTC day for the last `days` days (today included), oldest first.
   * The database sums them per day (a range of the createdAt index; prices are whole dollars, so
   * the sums are exact): reading a month of a large shop's orders into the API took 50-160 ms.
   */
  async stats(days: number, now = new Date()): Promise<OrderDayStats[]> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (days - 1) * DAY_MS);
    const byDay = new Map<string, OrderDayStats>();
    for (let i = 0; i < days; i++) {
      const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      byDay.set(day, { day, orders: 0, revenue: 0 });
    }
    const sums = await this.orders.aggregate<{ _id: string; orders: number; revenue: number }>([
      { $match: { createdAt: { $gte: since } } },
      {
        $group: {
          _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt' } },
          orders: { $sum: 1 },
          revenue: { $sum: { $cond: [{ $in: ['$state', EARNING] }, '$totalPrice', 0] } },
        },
      },
    ]);
    // A day after today (a clock ahead of ours) is not on the chart.
    for (const { _id: day, orders, revenue } of sums) {
      const entry = byDay.get(day);
      if (entry) Object.assign(entry, { orders, revenue });
    }
    return [...byDay.values()];
  }
}
