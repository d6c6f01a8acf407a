import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ApiMessages,
  BuyingMessages,
  Messages,
  normalizeEmail,
  packSizeOf,
  unitPriceFor,
  type InsertedAnswer,
  type PriceTier,
} from '@toolshop/contracts';
import { Types, type Model } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { inserted } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import type { Page } from '../common/pagination';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { OrderNotifications } from '../notifications/order-notifications';
import { ToolsService } from '../tools/tools.service';
import type { CreateOrderDto } from './order.dto';
import { listOrders, PUBLIC_FIELDS } from './order-changes';
import { Order } from './order.schema';
import { placedEntry } from './order-timeline';
import { UnpaidOrderSlots } from './unpaid-order-slots';

/** The customer's side of orders: place one, list one's own, read one. */
@Injectable()
export class OrdersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly tools: ToolsService,
    private readonly slots: UnpaidOrderSlots,
    private readonly notifications: OrderNotifications,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * Claims one of the customer's unpaid-order slots, takes the stock and saves the order under the
   * tool's lock (ToolsService.reserve: a crash in between leaves a hold the expiry sweep settles);
   * the order holds both until it is paid, cancelled or expires.
   */
  async create(customer: AuthUser, body: CreateOrderDto): Promise<InsertedAnswer> {
    const quantity = body.orderQuantity;
    const orderId = new Types.ObjectId();
    const reservedUntil = new Date(Date.now() + this.config.unpaidOrderTtlSeconds * 1000);
    const slot = await this.slots.claim(customer.email, reservedUntil, String(orderId));
    let placed: InsertedAnswer | null;
    try {
      placed = await this.tools.reserve(
        body.toolId,
        quantity,
        String(orderId),
        (tool) => this.insert(orderId, tool, customer, body, { reservedUntil, unpaidSlot: slot }),
        (id) => this.exists(id),
      );
    } catch (error) {
      // Unless the order was saved after all (an answer lost on the way back): then it holds the slot.
      if (!(await this.exists(String(orderId)).catch(() => true)))
        await this.slots.release(slot, String(orderId));
      throw error;
    }
    if (!placed) {
      await this.slots.release(slot, String(orderId));
      const current = await this.tools.find(body.toolId);
      if (!current) throw notFound(ApiMessages.toolNotFound);
      // Below the minimum or not whole packs is a bad request; above the (possibly just sold) stock
      // is a conflict.
      if (quantity < current.minOrder) throw invalid(Messages.invalidQuantity);
      if (quantity % packSizeOf(current) !== 0)
        throw invalid(BuyingMessages.packMultiple(packSizeOf(current)));
      throw conflict(Messages.invalidQuantity);
    }
    // Queued, never sent here; never throws.
    await this.notifyPlaced(String(orderId));
    return placed;
  }

  private async notifyPlaced(id: string): Promise<void> {
    const order = await this.orders.findById(id).lean();
    if (order) await this.notifications.placed({ ...order, id });
  }

  private async insert(
    _id: Types.ObjectId,
    tool: {
      _id: Types.ObjectId;
      name: string;
      img: string;
      price: number;
      packSize?: number;
      priceTiers?: PriceTier[];
    },
    customer: AuthUser,
    body: CreateOrderDto,
    held: { reservedUntil: Date; unpaidSlot: string },
  ): Promise<InsertedAnswer> {
    const quantity = body.orderQuantity;
    // The pack and the price are the reserved document's (an edit meanwhile cannot slip between
    // a check and the order); refusing here gives the stock back (reserve).
    const pack = packSizeOf(tool);
    if (quantity % pack !== 0) throw invalid(BuyingMessages.packMultiple(pack));
    const unitPrice = unitPriceFor(tool, quantity);
    const order = await this.orders.create({
      _id,
      toolId: tool._id,
      name: tool.name,
      img: tool.img,
      userName: body.userName?.trim() || customer.name,
      email: customer.email,
      address: body.address.trim(),
      phone: body.phone.trim(),
      orderQuantity: quantity,
      unitPrice,
      totalPrice: quantity * unitPrice,
      paid: false,
      shipped: false,
      ...held,
      timeline: [placedEntry(new Date())],
    });
    return inserted(order._id);
  }

  private async exists(id: string): Promise<boolean> {
    return (await this.orders.exists({ _id: id })) !== null;
  }

  listOwn(email: string, page: Page) {
    return listOrders(this.orders, { email: normalizeEmail(email) }, page);
  }

  async get(id: string) {
    const order = await this.orders.findById(id, PUBLIC_FIELDS).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    return order;
  }
}
