import { Injectable, Logger } from '@nestjs/common';
import type { ShippingDetails } from '@toolshop/contracts';
import type { Mail } from '../mail/mail.service';
import { Outbox } from '../mail/outbox';
import {
  orderExpiredEmail,
  orderExpiringEmail,
  orderPlacedEmail,
  orderShippedEmail,
  paymentReceiptEmail,
  type ExpiredOrderFacts,
  type OrderFacts,
} from './order-emails';

/**
 * The emails an order causes, queued in the Outbox under one key per order and event (so a
 * repeat, from any process, is not sent twice). Never throws: an email must not fail the change
 * that caused it.
 */
@Injectable()
export class OrderNotifications {
  private readonly logger = new Logger('OrderNotifications');

  constructor(private readonly outbox: Outbox) {}

  placed(order: OrderFacts): Promise<boolean> {
    return this.queue(`placed:${order.id}`, () => orderPlacedEmail(order));
  }

  paid(order: OrderFacts): Promise<boolean> {
    return this.queue(`paid:${order.id}`, () => paymentReceiptEmail(order));
  }

  shipped(order: OrderFacts, shipping: ShippingDetails): Promise<boolean> {
    return this.queue(`shipped:${order.id}`, () => orderShippedEmail(order, shipping));
  }

  expiring(order: OrderFacts & { reservedUntil: Date }): Promise<boolean> {
    return this.queue(expiringKey(order.id), () => orderExpiringEmail(order));
  }

  expired(order: ExpiredOrderFacts): Promise<boolean> {
    return this.queue(`expired:${order.id}`, () => orderExpiredEmail(order));
  }

  /** The orders among these whose "about to expire" email is queued already. */
  async remindedOf(orderIds: string[]): Promise<Set<string>> {
    const queued = await this.outbox.existing(orderIds.map(expiringKey));
    return new Set(orderIds.filter((id) => queued.has(expiringKey(id))));
  }

  private async queue(key: string, build: () => Mail): Promise<boolean> {
    try {
      return await this.outbox.enqueue(key, build());
    } catch (error) {
      this.logger.error(`email ${key} not queued: ${(error as Error).message}`);
      return false;
    }
  }
}

const expiringKey = (orderId: string) => `expiring:${orderId}`;
