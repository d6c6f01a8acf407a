import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * What the shop's business counters count: the successful answers of these routes (one process's
 * share; Prometheus sums the instances). Route templates as Fastify names them.
 */
const OUTCOMES: Record<string, { orders?: string; payments?: string }> = {
  'POST /orders': { orders: 'placed' },
  'DELETE /orders/:id': { orders: 'cancelled' },
  'PATCH /orders/:id': { orders: 'paid' },
  'PATCH /adminOrders/:id': { orders: 'approved' },
  'POST /create-payment-intent': { payments: 'intent_created' },
  'POST /payments/test/confirm': { payments: 'test_confirmed' },
  'POST /payments/webhook': { payments: 'webhook_accepted' },
};

let processRegistry: Registry | undefined;
/** Process metrics (CPU, memory, event loop, GC) once per process, however many apps it builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The API's Prometheus metrics: HTTP, orders and payments, the database pool, the process. */
@Injectable()
export class ApiMetrics implements OnModuleInit {
  private readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer a request, by route template (not the raw URL), method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
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
  private readonly pool = { open: 0, inUse: 0 };
  private readonly poolFailures = new Counter({
    name: 'mongodb_pool_checkout_failures_total',
    help: 'Database connections the driver could not hand out (pool exhausted, timeout, closed)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  constructor(@InjectConnection() private readonly connection: Connection) {
    const pool = this.pool;
    new Gauge({
      name: 'mongodb_pool_connections',
      help: 'Connections of the database driver pool, by state (open = in use + idle)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'open' }, Math.max(0, pool.open));
        this.set({ state: 'in_use' }, Math.max(0, Math.min(pool.inUse, pool.open)));
      },
    });
  }

  onModuleInit(): void {
    const client = this.connection.getClient();
    client.on('connectionCreated', () => this.pool.open++);
    client.on('connectionClosed', () => this.pool.open--);
    client.on('connectionCheckedOut', () => this.pool.inUse++);
    client.on('connectionCheckedIn', () => this.pool.inUse--);
    client.on('connectionCheckOutFailed', (event) =>
      this.poolFailures.inc({ reason: event.reason }),
    );
  }

  /** One answered request; `route` is the matched template, undefined when no route matched. */
  requestFinished(method: string, route: string | undefined, status: number, seconds: number) {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.requests.observe(
      {
        method: METHODS.has(method) ? method : 'OTHER',
        route: route ?? 'unmatched',
        status_class: statusClass,
      },
      seconds,
    );
    const outcome = route ? OUTCOMES[`${method} ${route}`] : undefined;
    if (!outcome) return;
    if (status >= 400 && route === '/payments/webhook')
      this.webhookRefusals.inc({ status_class: statusClass });
    if (status >= 300) return;
    if (outcome.orders) this.orders.inc({ event: outcome.orders });
    if (outcome.payments) this.payments.inc({ event: outcome.payments });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of this app's and the process's metrics. */
  render(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }
}
