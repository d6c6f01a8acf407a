import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiMessages, Messages, normalizeEmail, type InsertedAnswer } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { inserted } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import type { Page } from '../common/pagination';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { ToolsService } from '../tools/tools.service';
import type { CreateOrderDto } from './order.dto';
import { listOrders, PUBLIC_FIELDS } from './order-changes';
import { Order } from './order.schema';
import { UnpaidOrderSlots } from './unpaid-order-slots';

/** The customer's side of orders: place one, list one's own, read one. */
@Injectable()
export class OrdersService {
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

  listOwn(email: string, page: Page) {
    return listOrders(this.orders, { email: normalizeEmail(email) }, page);
  }

  async get(id: string) {
    const order = await this.orders.findById(id, PUBLIC_FIELDS).lean();
    if (!order) throw notFound(ApiMessages.orderNotFound);
    return order;
  }
}
