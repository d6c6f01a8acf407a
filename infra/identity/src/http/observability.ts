import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import type { MongoClient } from 'mongodb';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// --- W3C trace context (the API's api/src/observability/trace-context.ts, for this process) ---

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-\S*)?$/;

/** The trace id of a `traceparent` header (continued), or of a new trace; and this request's span. */
export function traceOf(header: string | string[] | undefined) {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  const spanId = randomBytes(8).toString('hex');
  if (match && match[1] !== 'ff' && !(match[1] === '00' && match[5]) && !/^0+$/.test(match[2]!) && !/^0+$/.test(match[3]!)) {
    return { traceId: match[2]!, spanId, flags: match[4]! };
  }
  return { traceId: randomBytes(16).toString('hex'), spanId, flags: '00' };
}

// --- bounded route labels ---

const FIXED = new Set([
  '/auth', '/token', '/token/revocation', '/token/introspection', '/me', '/jwks', '/session/end',
  '/session/end/confirm', '/session/end/success', '/.well-known/openid-configuration',
  '/accounts', '/accounts/me', '/accounts/me/verification', '/accounts/verify',
  '/interaction/callback/google', '/health', '/health/ready', '/metrics',
]);
const WITH_UID = new Set(['/auth/:uid', '/interaction/:uid', '/interaction/:uid/login', '/interaction/:uid/google', '/interaction/:uid/google/callback', '/interaction/:uid/cancel']);

/** The route of a path with its ids replaced (`/interaction/:uid/login`), or `other`: a bounded label. */
export function routeTemplate(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (FIXED.has(path)) return path;
  const template = path.replace(/^\/(auth|interaction)\/[^/]+/, '/$1/:uid');
  return WITH_UID.has(template) ? template : 'other';
}

// --- metrics ---

let processRegistry: Registry | undefined;

/** The provider's Prometheus metrics: requests by route template, the database pool, the process. */
export class IdentityMetrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer a request, by route template (not the raw URL), method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly signIns = new Counter({
    name: 'identity_token_requests_total',
    help: 'POST /token answers (sign-ins, code exchanges, refreshes) by status class',
    labelNames: ['status_class'] as const,
    registers: [this.registry],
  });
  private readonly pool = { open: 0, inUse: 0 };

  constructor() {
    if (!processRegistry) {
      processRegistry = new Registry();
      collectDefaultMetrics({ register: processRegistry });
    }
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

  watchPool(client: MongoClient): void {
    client.on('connectionCreated', () => this.pool.open++);
    client.on('connectionClosed', () => this.pool.open--);
    client.on('connectionCheckedOut', () => this.pool.inUse++);
    client.on('connectionCheckedIn', () => this.pool.inUse--);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.requests.observe({ method: /^[A-Z]{3,7}$/.test(method) ? method : 'OTHER', route, status_class: statusClass }, seconds);
    if (route === '/token' && method === 'POST') this.signIns.inc({ status_class: statusClass });
  }

  render(): Promise<string> {
    return Registry.merge([processRegistry!, this.registry]).metrics();
  }
}

export interface Observation {
  metrics: IdentityMetrics;
  log: (line: string) => void;
  /** True from SIGTERM on: answers close their connections so clients reconnect elsewhere. */
  draining: () => boolean;
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Wraps the server's handler: every request gets a trace id (from `traceparent`, else new) and a
 * request id (a valid `X-Request-Id`, else new), both echoed, and one log line with them when answered.
 */
export function observeRequests(handler: RequestListener, { metrics, log, draining }: Observation): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const trace = traceOf(req.headers.traceparent);
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomBytes(8).toString('hex');
    res.setHeader('X-Trace-Id', trace.traceId);
    res.setHeader('traceresponse', `00-${trace.traceId}-${trace.spanId}-${trace.flags}`);
    res.setHeader('X-Request-Id', requestId);
    if (draining()) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeTemplate(req.url ?? '');
      metrics.observe(req.method ?? 'OTHER', route, res.statusCode, ms / 1000);
      // The route template, never the raw URL: query strings carry codes and state.
      log(`request ${req.method} ${route} ${res.statusCode} ${Math.round(ms)}ms traceId=${trace.traceId} spanId=${trace.spanId} reqId=${requestId}`);
    });
    handler(req, res);
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** GET /metrics: with METRICS_TOKEN as bearer; without one configured, open except in production (404). */
export function metricsRoute(metrics: IdentityMetrics, { token, production }: { token?: string; production: boolean }) {
  const expected = token ? digest(token) : undefined;
  return async function metricsEndpoint(ctx: Context, next: Next) {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (!expected && production) return next();
    if (expected) {
      const given = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) {
        ctx.status = 401;
        ctx.body = { error: 'unauthorized', error_description: 'A valid metrics token is required' };
        return;
      }
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.render();
  };
}
