import { randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import {
  bearerChecker,
  formatTraceparent,
  parseTraceparent,
  ServiceMetrics,
} from '@toolshop/observability';
import { Counter } from 'prom-client';
import { errorBody } from './http-helpers.ts';

// --- bounded route labels ---

const FIXED = new Set([
  '/auth',
  '/token',
  '/token/revocation',
  '/token/introspection',
  '/me',
  '/jwks',
  '/session/end',
  '/session/end/confirm',
  '/session/end/success',
  '/.well-known/openid-configuration',
  '/accounts',
  '/accounts/me',
  '/accounts/me/verification',
  '/accounts/verify',
  '/interaction/callback/google',
  '/health',
  '/health/ready',
  '/metrics',
]);
const WITH_UID = new Set([
  '/auth/:uid',
  '/interaction/:uid',
  '/interaction/:uid/login',
  '/interaction/:uid/google',
  '/interaction/:uid/google/callback',
  '/interaction/:uid/cancel',
]);

/** The route of a path with its ids replaced (`/interaction/:uid/login`), or `other`: a bounded label. */
export function routeTemplate(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (FIXED.has(path)) return path;
  const template = path.replace(/^\/(auth|interaction)\/[^/]+/, '/$1/:uid');
  return WITH_UID.has(template) ? template : 'other';
}

// --- metrics ---

/** The provider's Prometheus metrics: requests by route template, token requests, the database pool, the process. */
export class IdentityMetrics extends ServiceMetrics {
  private readonly tokenRequests = new Counter({
    name: 'identity_token_requests_total',
    help: 'POST /token answers (sign-ins, code exchanges, refreshes) by status class',
    labelNames: ['status_class'] as const,
    registers: [this.registry],
  });

  observe(method: string, route: string, status: number, seconds: number): void {
    const statusClass = this.observeRequest(method, route, status, seconds);
    if (route === '/token' && method === 'POST')
      this.tokenRequests.inc({ status_class: statusClass });
  }
}

export interface Observation {
  metrics: IdentityMetrics;
  log: (line: string) => void;
  /** True from SIGTERM on: answers close their connections so clients reconnect elsewhere. */
  draining: () => boolean;
}

const QUIET = new Set(['/health', '/health/ready', '/metrics']);
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Wraps the server's handler: every request gets a trace id (from `traceparent`, else new) and a
 * request id (a valid `X-Request-Id`, else new), both echoed, and one log line with them when answered.
 */
export function observeRequests(
  handler: RequestListener,
  { metrics, log, draining }: Observation,
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const trace = parseTraceparent(req.headers.traceparent);
    const given = req.headers['x-request-id'];
    const requestId =
      typeof given === 'string' && REQUEST_ID.test(given) ? given : randomBytes(8).toString('hex');
    res.setHeader('X-Trace-Id', trace.traceId);
    res.setHeader('traceresponse', formatTraceparent(trace));
    res.setHeader('X-Request-Id', requestId);
    if (draining()) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeTemplate(req.url ?? '');
      metrics.observe(req.method ?? 'OTHER', route, res.statusCode, ms / 1000);
      // Successful probes and scrapes (every few seconds per load balancer) are counted, not logged.
      if (res.statusCode < 400 && QUIET.has(route)) return;
      // The route template, never the raw URL: query strings carry codes and state.
      log(
        `request ${req.method} ${route} ${res.statusCode} ${Math.round(ms)}ms traceId=${trace.traceId} spanId=${trace.spanId} reqId=${requestId}`,
      );
    });
    handler(req, res);
  };
}

/** GET /metrics: with METRICS_TOKEN as bearer; without one configured, open except in production (404). */
export function metricsRoute(
  metrics: IdentityMetrics,
  { token, production }: { token?: string; production: boolean },
) {
  const tokenMatches = token ? bearerChecker(token) : undefined;
  return async function metricsEndpoint(ctx: Context, next: Next) {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (!tokenMatches && production) return next();
    if (tokenMatches && !tokenMatches(ctx.get('authorization'))) {
      ctx.status = 401;
      ctx.body = errorBody(401, 'A valid metrics token is required');
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.contentType;
    ctx.body = await metrics.render();
  };
}
