import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  Messages,
  normalizeEmail,
  type OrderDayStats,
  type InsertedAnswer,
  type ModifiedAnswer,
  type OrderState,
} from '@toolshop/contracts';
import type { QueryFilter, Model, UpdateQuery } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { inserted, modified } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import { KeyedMutex } from '../common/keyed-mutex';
import type { Page } from '../common/pagination';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { ToolsService } from '../tools/tools.service';
import { isObjectId } from '../common/parse-object-id.pipe';
import type { CreateOrderDto } from './order.dto';
import { Order } from './order.schema';
import { UnpaidOrderSlots } from './unpaid-order-slots';

/** The payment provider's reference and the slot bookkeeping stay server-side. */
const PUBLIC_FIELDS = { paymentIntentId: 0, unpaidSlot: 0 };
export interface CancelableOrder {
  paid: boolean;
  paymentIntentId?: string;
  unpaidSlot?: string;
  toolId: string;
  orderQuantity: number;
}
/** An unpaid order past its reservation, with what its expiry email names. */
export interface LapsedOrder {
  id: string;
  email: string;
  name: string;
  orderQuantity: number;
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

const STATE_FILTERS: Record<OrderState, QueryFilter<Order>> = {
  unpaid: { paid: false, shipped: false },
  paid: { paid: true, shipped: false },
  shipped: { paid: true, shipped: true },
};

@Injectable()
export class OrdersService {
  /** State changes of one order, one at a time (see KeyedMutex for why). */
  private readonly changes = new KeyedMutex();

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly tools: ToolsService,
    private readonly slots: UnpaidOrderSlots,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * Claims one of the customer's unpaid-order slots, takes the stock (atomically), then saves the
   * order, which holds both until it is paid, cancelled or expires; undoes what it took on failure.
   */
  async create(customer: AuthUser, body: CreateOrderDto): Promise<InsertedAnswer> {
    const quantity = body.orderQuantity;
    const reservedUntil = new Date(Date.now() + this.config.unpaidOrderTtlSeconds * 1000);
    const slot = await this.slots.claim(customer.email, reservedUntil);
    const tool = await this.tools.take(body.toolId, quantity);
    if (!tool) {
      await this.slots.release(slot);
      const current = await this.tools.find(body.toolId);
      if (!current) throw notFound(ApiMessages.toolNotFound);
      // Below the minimum is a bad request; above the (possibly just sold) stock is a conflict.
      if (quantity < current.minOrder) throw invalid(Messages.invalidQuantity);
      throw conflict(Messages.invalidQuantity);
    }
    try {
      const order = await this.orders.create({
        toolId: tool._id,
        name: tool.name,
        img: tool.img,
        userName: body.userName?.trim() || customer.name,
        email: customer.email,
        address: body.address.trim(),
        phone: body.phone.trim(),
        orderQuantity: quantity,
        totalPrice: quantity * tool.price,
        paid: false,
        shipped: false,
        reservedUntil,
        unpaidSlot: slot,
      });
      return inserted(order._id);
    } catch (error) {
      await this.tools.giveBack(body.toolId, quantity);
      await this.slots.release(slot);
      throw error;
    }
  }

  async listOwn(email: string, page: Page) {
    return this.list({ email: normalizeEmail(email) }, page);
  }

  async listAll(state: OrderState | undefined, page: Page) {
    return this.list(state ? STATE_FILTERS[state] : {}, page);
  }

  private async list(filter: QueryFilter<Order>, page: Page) {
    const [orders, total] = await Promise.all([
      this.orders
        .find(filter, PUBLIC_FIELDS)
        .sort(NEWEST_FIRST)
        .skip(page.skip)
        .limit(page.limit)
        .lean(),
      page.requested ? this.orders.countDocuments(filter) : Promise.resolve(undefined),
    ]);
    return { orders, total };
  }

  async get(id: string) {
    const order = await this.orders.findById(id, PUBLIC_FIELDS).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    return order;
  }

  /** The expiry sweep: unpaid orders whose reservation has passed, oldest first. */
  async findLapsed(now: Date, limit: number): Promise<LapsedOrder[]> {
    const lapsed = await this.orders
      .find({ paid: false, reservedUntil: { $lt: now } }, { email: 1, name: 1, orderQuantity: 1 })
      .sort({ reservedUntil: 1 })
      .limit(limit)
      .lean();
    return lapsed.map(({ _id, email, name, orderQuantity }) => ({
      id: String(_id),
      email,
      name,
      orderQuantity,
    }));
  }

  /** Cancellation: the state a cancel decides on; 404 for an unknown id. */
  async findCancelable(id: string): Promise<CancelableOrder> {
    const order = await this.orders
      .findById(id, { paid: 1, paymentIntentId: 1, unpaidSlot: 1, toolId: 1, orderQuantity: 1 })
      .lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    const { paid, paymentIntentId, unpaidSlot, toolId, orderQuantity } = order;
    return { paid, paymentIntentId, unpaidSlot, toolId: String(toolId), orderQuantity };
  }

  /** Cancellation: deletes the order if it is still unpaid with this payment intent (or none). */
  async deleteUnpaid(id: string, paymentIntentId: string | undefined): Promise<boolean> {
    const intent = paymentIntentId ?? { $exists: false };
    const result = await this.changes.run(id, () =>
      this.orders.deleteOne({ _id: id, paid: false, paymentIntentId: intent }),
    );
    return result.deletedCount > 0;
  }

  /** Cancellation: the deleted order's quantity goes back in stock and its slot is free again. */
  async giveBackStock(
    order: Pick<CancelableOrder, 'toolId' | 'orderQuantity' | 'unpaidSlot'>,
  ): Promise<void> {
    await this.tools.giveBack(order.toolId, order.orderQuantity);
    await this.slots.release(order.unpaidSlot);
  }

  /** Admin approval: paid -> shipped. Repeating it is harmless (modifiedCount 0). */
  async approve(id: string): Promise<ModifiedAnswer> {
    const result = await this.transition(
      id,
      { paid: true, shipped: false },
      { $set: { shipped: true } },
    );
    if (result.modifiedCount > 0) return result;
    const order = await this.orders.findById(id, { paid: 1, shipped: 1 }).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    if (!order.paid) throw conflict(ApiMessages.onlyPaidOrdersShip);
    return modified(1, 0);
  }

  /** Payments: what a payment is checked against, or null for an unknown id. */
  async findPayable(id: string) {
    if (!isObjectId(id)) return null;
    const order = await this.orders
      .findById(id, { email: 1, totalPrice: 1, paid: 1, paymentIntentId: 1, transactionId: 1 })
      .lean();
    if (!order) return null;
    const { email, totalPrice, paid, paymentIntentId, transactionId } = order;
    return { id: String(order._id), email, totalPrice, paid, paymentIntentId, transactionId };
  }

  /** Payments: remembers the provider's payment intent on an unpaid order. */
  async attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean> {
    const result = await this.transition(id, { paid: false }, { $set: { paymentIntentId } });
    return result.matchedCount > 0;
  }

  /** Payments' one "mark paid": unpaid with this intent -> paid with it as transactionId. A repeat changes nothing. */
  async markPaid(id: string, paymentIntentId: string): Promise<boolean> {
    const held = await this.orders.findById(id, { unpaidSlot: 1 }).lean();
    const result = await this.transition(
      id,
      { paid: false, paymentIntentId },
      {
        $set: { paid: true, transactionId: paymentIntentId },
        $unset: { reservedUntil: 1, unpaidSlot: 1 },
      },
    );
    if (result.modifiedCount === 0) return false;
    await this.slots.release(held?.unpaidSlot);
    return true;
  }

  /**
   * One state change = one conditional update: `from` is the state the order must be in.
   * Answers matchedCount 0 when the order is missing or in another state.
   */
  protected async transition(
    id: string,
    from: QueryFilter<Order>,
    update: UpdateQuery<Order>,
  ): Promise<ModifiedAnswer> {
    const result = await this.changes.run(id, () =>
      this.orders.updateOne({ ...from, _id: id }, update),
    );
    return modified(result.matchedCount, result.modifiedCount);
  }

  /** Orders and paid revenue per UTC day for the last `days` days (today included), oldest first. */
  async stats(days: number, now = new Date()): Promise<OrderDayStats[]> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (days - 1) * 86_400_000);
    const byDay = new Map<string, OrderDayStats>();
    for (let i = 0; i < days; i++) {
      const day = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
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
