import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { ORDER_FACT_FIELDS } from '../notifications/order-emails';
import { OrderNotifications } from '../notifications/order-notifications';
import { Order } from './order.schema';

/** Reminders queued per sweep; more wait for the next sweep. */
const BATCH = 100;

/**
 * The "about to expire" email: on each expiry sweep (OrderExpiry's timer), unpaid orders whose
 * reservation ends within UNPAID_ORDER_REMINDER_SECONDS get it once (the outbox key is per order,
 * so several processes sweeping at once queue it once). An order placed for less than that long
 * gets none: its "order received" email already says until when it is held. Reads orders only: the
 * reminder is not a state change.
 */
@Injectable()
export class ExpiryReminders {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly notifications: OrderNotifications,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** Queues the reminders due at `now`; answers how many it queued. */
  async remind(now: Date): Promise<number> {
    const windowMs = this.config.unpaidOrderReminderSeconds * 1000;
    if (windowMs === 0) return 0;
    const soon = await this.orders
      .find(
        {
          state: 'unpaid',
          reservedUntil: { $gt: now, $lte: new Date(now.getTime() + windowMs) },
        },
        { ...ORDER_FACT_FIELDS, reservedUntil: 1, createdAt: 1 },
      )
      .sort({ reservedUntil: 1 })
      .limit(BATCH)
      .lean();
    const due = soon.filter(
      (order) =>
        order.reservedUntil && order.createdAt.getTime() < order.reservedUntil.getTime() - windowMs,
    );
    const reminded = await this.notifications.remindedOf(due.map((order) => String(order._id)));
    let queued = 0;
    for (const order of due) {
      const id = String(order._id);
      if (reminded.has(id) || !order.reservedUntil) continue;
      if (await this.notifications.expiring({ ...order, id, reservedUntil: order.reservedUntil }))
        queued++;
    }
    return queued;
  }
}
