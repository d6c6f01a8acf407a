import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ServiceMetrics } from '@toolshop/observability';
import type { Connection } from 'mongoose';
import { Counter, Gauge } from 'prom-client';

/**
 * What the shop's business counters count: the successful answers of these routes (one process's
 * share; Prometheus sums the instances). Route templates as Fastify names them.
 */
const OUTCOMES: Record<string, { orders?: string; payments?: string }> = {
  'POST /orders': { orders: 'placed' },
  // A quick order is one order of several lines: placed like any other.
  'POST /quickOrders': { orders: 'placed' },
  'DELETE /orders/:id': { orders: 'cancelled' },
  'PATCH /orders/:id': { orders: 'paid' },
  'PATCH /adminOrders/:id': { orders: 'approved' },
  'POST /create-payment-intent': { payments: 'intent_created' },
  'POST /payments/test/confirm': { payments: 'test_confirmed' },
  'POST /payments/webhook': { payments: 'webhook_accepted' },
};

/** The API's Prometheus metrics: HTTP, orders and payments, the outbox, the database pool, the process. */
@Injectable()
export class ApiMetrics extends ServiceMetrics implements OnModuleInit {
  private readonly orders = new Counter({
    name: 'toolshop_orders_total',
    help: 'Orders placed, cancelled (by their customer), paid and approved through this process',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  private readonly payments = new Counter({
    name: 'toolshop_payments_total',
    help: 'Payment intents created, test payments confirmed and Stripe webhooks accepted',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  private readonly webhookRefusals = new Counter({
    name: 'toolshop_payment_webhooks_refused_total',
    help: 'Stripe webhooks answered with an error (Stripe retries them), by status class',
    labelNames: ['status_class'] as const,
    registers: [this.registry],
  });

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
    // The outbox's backlog, read from the database at each scrape (every API process reports the
    // same figures: alert on their max). Unreadable (database down): the last figures stay.
    const outbox = () => connection.collection('outbox');
    new Gauge({
      name: 'toolshop_outbox_backlog',
      help: 'Emails of the outbox: pending (waiting, due or not), due (pending and due now), failed (given up)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const now = new Date();
        const counts = await Promise.all([
          outbox().countDocuments({ status: 'pending' }),
          outbox().countDocuments({ status: 'pending', nextAttemptAt: { $lte: now } }),
          outbox().countDocuments({ status: 'failed' }),
        ]).catch(() => undefined);
        if (!counts) return;
        this.set({ state: 'pending' }, counts[0]);
        this.set({ state: 'due' }, counts[1]);
        this.set({ state: 'failed' }, counts[2]);
      },
    });
    new Gauge({
      name: 'toolshop_outbox_oldest_due_seconds',
      help: 'How long the longest-waiting due email of the outbox has been due (0: none)',
      registers: [this.registry],
      async collect() {
        const now = new Date();
        const oldest = await outbox()
          .find(
            { status: 'pending', nextAttemptAt: { $lte: now } },
            { projection: { nextAttemptAt: 1 } },
          )
          .sort({ nextAttemptAt: 1 })
          .limit(1)
          .next()
          .catch(() => null);
        const due = oldest?.nextAttemptAt as Date | undefined;
        this.set(due ? Math.max(0, (now.getTime() - due.getTime()) / 1000) : 0);
      },
    });
  }

  onModuleInit(): void {
    this.watchPool(this.connection.getClient());
  }

  /** One answered request; `route` is the matched template, undefined when no route matched. */
  requestFinished(method: string, route: string | undefined, status: number, seconds: number) {
    const statusClass = this.observeRequest(method, route ?? 'unmatched', status, seconds);
    const outcome = route ? OUTCOMES[`${method} ${route}`] : undefined;
    if (!outcome) return;
    if (status >= 400 && route === '/payments/webhook')
      this.webhookRefusals.inc({ status_class: statusClass });
    if (status >= 300) return;
    if (outcome.orders) this.orders.inc({ event: outcome.orders });
    if (outcome.payments) this.payments.inc({ event: outcome.payments });
  }
}
