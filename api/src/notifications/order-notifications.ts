import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ShippingDetails } from '@toolshop/contracts';
import { API_CONFIG, type ApiConfig } from '../config/config';
import type { Mail } from '../mail/mail.service';
import { Outbox, type EnqueueOptions } from '../mail/outbox';
import {
  orderApprovedEmail,
  orderAwaitingApprovalEmail,
  orderDeclinedEmail,
  orderOnAccountEmail,
  orderOverdueEmail,
  orderDeliveredEmail,
  orderExpiredEmail,
  orderExpiringEmail,
  orderPlacedEmail,
  orderRefundedEmail,
  orderReturnEmail,
  orderShippedEmail,
  paymentReceiptEmail,
  type ExpiredOrderFacts,
  type NamedUnits,
  type OrderFacts,
  type RefundFacts,
  type ShopLinks,
} from './order-emails';

/**
 * The emails an order causes, queued in the Outbox under one key per order and event (so a
 * repeat, from any process, is not sent twice). Never throws: an email must not fail the change
 * that caused it.
 *
 * An order paid soon after it is placed gets one email, the receipt: the "order received" email
 * waits `outbox.placedHoldMs` in the outbox, and the worker drops it when the order's receipt is
 * queued by then (see OutboxWorker).
 */
@Injectable()
export class OrderNotifications {
  private readonly logger = new Logger('OrderNotifications');

  private readonly links: ShopLinks;

  constructor(
    private readonly outbox: Outbox,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.links = { shopUrl: config.shopUrl };
  }

  placed(order: OrderFacts): Promise<boolean> {
    return this.queue(placedKey(order.id), () => orderPlacedEmail(order, this.links), {
      holdMs: this.config.outbox.placedHoldMs,
      supersededBy: paidKey(order.id),
    });
  }

  awaitingApproval(order: OrderFacts): Promise<boolean> {
    return this.queue(`awaiting-approval:${order.id}`, () =>
      orderAwaitingApprovalEmail(order, this.links),
    );
  }

  /** The company's decision on an order awaiting approval (one email: an order is decided once). */
  approved(order: OrderFacts & { reservedUntil: Date }, approver: string): Promise<boolean> {
    return this.queue(`approved:${order.id}`, () =>
      orderApprovedEmail(order, approver, this.links),
    );
  }

  declined(order: OrderFacts, approver: string, reason: string): Promise<boolean> {
    return this.queue(`declined:${order.id}`, () =>
      orderDeclinedEmail(order, approver, reason, this.links),
    );
  }

  onAccount(order: OrderFacts & { dueAt: Date }): Promise<boolean> {
    return this.queue(`on-account:${order.id}`, () => orderOnAccountEmail(order, this.links));
  }

  /** Once per order, whichever process's sweep finds it first (the outbox key). */
  overdue(order: OrderFacts & { dueAt: Date }): Promise<boolean> {
    return this.queue(`overdue:${order.id}`, () => orderOverdueEmail(order, this.links));
  }

  paid(order: OrderFacts): Promise<boolean> {
    return this.queue(paidKey(order.id), () => paymentReceiptEmail(order, this.links));
  }

  shipped(order: OrderFacts, shipping: ShippingDetails): Promise<boolean> {
    return this.queue(`shipped:${order.id}`, () => orderShippedEmail(order, shipping, this.links));
  }

  delivered(order: OrderFacts): Promise<boolean> {
    return this.queue(`delivered:${order.id}`, () => orderDeliveredEmail(order, this.links));
  }

  /** Each refund of the order once (`index`: the order's how-manieth refund, from 0). */
  refunded(order: OrderFacts, refund: RefundFacts, index = 0): Promise<boolean> {
    const key = index ? `refunded:${order.id}:${index}` : `refunded:${order.id}`;
    return this.queue(key, () => orderRefundedEmail(order, refund, this.links));
  }

  /** The customer's return: asked for, approved or refused (one email each, per return: `round`). */
  returnNews(
    order: OrderFacts,
    news: 'requested' | 'approved' | 'rejected',
    reason?: string,
    { round, units }: { round?: string; units?: NamedUnits[] } = {},
  ): Promise<boolean> {
    const key = `return-${news}:${order.id}${round ? `:${round}` : ''}`;
    return this.queue(key, () => orderReturnEmail(order, news, reason, this.links, units));
  }

  expiring(order: OrderFacts & { reservedUntil: Date }): Promise<boolean> {
    return this.queue(expiringKey(order.id), () => orderExpiringEmail(order, this.links));
  }

  expired(order: ExpiredOrderFacts): Promise<boolean> {
    return this.queue(`expired:${order.id}`, () => orderExpiredEmail(order, this.links));
  }

  /** The orders among these whose "about to expire" email is queued already. */
  async remindedOf(orderIds: string[]): Promise<Set<string>> {
    const queued = await this.outbox.existing(orderIds.map(expiringKey));
    return new Set(orderIds.filter((id) => queued.has(expiringKey(id))));
  }

  private async queue(key: string, build: () => Mail, options?: EnqueueOptions): Promise<boolean> {
    try {
      return await this.outbox.enqueue(key, build(), new Date(), options);
    } catch (error) {
      this.logger.error(`email ${key} not queued: ${(error as Error).message}`);
      return false;
    }
  }
}

const expiringKey = (orderId: string) => `expiring:${orderId}`;
const placedKey = (orderId: string) => `placed:${orderId}`;
/** The receipt's key: the "order received" email of the same order is dropped once it exists. */
export const paidKey = (orderId: string) => `paid:${orderId}`;
