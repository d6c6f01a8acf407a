import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { OrderNotifications } from '../notifications/order-notifications';
import { ExpiryReminders } from './expiry-reminders';
import { OrderAccounts } from './order-accounts';
import { OrderCancellation } from './order-cancellation';
import { CancelableOrders } from './cancelable-orders';
import { IN_FLIGHT_GRACE_MS, UnpaidOrderSlots } from './unpaid-order-slots';

/** Orders expired per sweep; a backlog is worked off over the next sweeps. */
const BATCH = 100;
const MAX_INTERVAL_MS = 60_000;

/**
 * Unpaid orders hold their stock for UNPAID_ORDER_TTL_SECONDS, then are cancelled through the
 * customer's cancel path (they stay, expired). Safe with several API processes sweeping at once:
 * each order's expiry succeeds for one of them only, and only that one gives the stock back and sends the email. The
 * sweep also gives back the stock of orders whose process died mid-change (stock holds), and frees
 * the unpaid-order slots of orders no longer unpaid.
 */
@Injectable()
export class OrderExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrderExpiry');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly orders: CancelableOrders,
    private readonly cancellation: OrderCancellation,
    private readonly slots: UnpaidOrderSlots,
    private readonly notifications: OrderNotifications,
    private readonly reminders: ExpiryReminders,
    private readonly accounts: OrderAccounts,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = Math.min(MAX_INTERVAL_MS, (this.config.unpaidOrderTtlSeconds * 1000) / 2);
    this.timer = setInterval(
      () => void this.sweep().catch((error: Error) => this.logger.error(error.message)),
      every,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Cancels the unpaid orders lapsed at `now`; answers how many it cancelled. One sweep at a time. */
  sweep(now = new Date()): Promise<number> {
    this.running ??= this.expireLapsed(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async expireLapsed(now: Date): Promise<number> {
    let expired = 0;
    for (const order of await this.orders.findLapsed(now, BATCH)) {
      try {
        await this.cancellation.expire(order.id);
      } catch (error) {
        // Paid meanwhile (settled), payment still processing, or expired by another process.
        if (error instanceof DomainError) continue;
        throw error;
      }
      expired++;
      await this.notifications.expired(order);
    }
    await this.reminders.remind(now);
    await this.accounts.remindOverdue(now);
    await this.orders.settleAbandonedHolds(new Date(now.getTime() - IN_FLIGHT_GRACE_MS), BATCH);
    await this.slots.releaseLapsed(now);
    return expired;
  }
}
