// The registry's operations endpoints, put in front of its HTTP server (server.mjs) by main.mjs:
//   GET /health/ready   200 while its database answers a ping (within 2 s), else 503: without it the
//                       registry can answer nothing (/remotes.json, beacons, releases); the bucket is
//                       read only on activation and is not asked here
//   GET /metrics        Prometheus text, bearer METRICS_TOKEN (without one: open on a local stack,
//                       404 in production), as the API's
// and the duration of every request by route template (http_server_request_duration_seconds). The
// registry's own figures are read from its database at each scrape, so every replica reports the
// same ones and a restart loses none (alert on their max across replicas):
//   toolshop_registry_page_loads{remote,version,result}   page loads reported in the last 15 minutes,
//                                                         result ok or failed (a load or render failure)
//   toolshop_registry_recent_rollbacks{remote,automatic}  rollbacks recorded in the last 15 minutes
//   toolshop_registry_canary_percent{remote,version}      the share of visitors a live canary gets
import { bearerChecker, ServiceMetrics } from '@toolshop/observability';
import { Gauge } from 'prom-client';

/** The window of the page-load and rollback gauges. */
export const WINDOW_MS = 15 * 60_000;
const PING_TIMEOUT_MS = 2000;

/** The names this module exports besides ServiceMetrics' (checked against infra/deploy's alert rules). */
export const registryMetricNames = [
  'toolshop_registry_page_loads',
  'toolshop_registry_recent_rollbacks',
  'toolshop_registry_canary_percent',
];

const ROUTES = new Set([
  '/health',
  '/health/ready',
  '/metrics',
  '/remotes.json',
  '/beacon',
  '/releases',
  '/status',
  '/history',
]);

/** A bounded route label: the registry's own paths, its remote actions as a template, else "unmatched". */
export function routeOf(path) {
  if (ROUTES.has(path)) return path;
  const action = /^\/remotes\/[a-z]+\/(activate|promote|rollback)$/.exec(path);
  return action ? `/remotes/:remote/${action[1]}` : 'unmatched';
}

/**
 * The registry's metrics over its database `db` (the collections of registry.mjs: beacons, history,
 * states). @param {import('mongodb').Db} db @param {{ now?: () => Date }} [options]
 */
export function registryMetrics(db, { now = () => new Date() } = {}) {
  const metrics = new ServiceMetrics();
  const since = () => new Date(now().getTime() - WINDOW_MS);
  new Gauge({
    name: 'toolshop_registry_page_loads',
    help: 'Page loads reported by the shell in the last 15 minutes, by remote, version and result (ok, failed)',
    labelNames: ['remote', 'version', 'result'],
    registers: [metrics.registry],
    async collect() {
      const rows = await db
        .collection('beacons')
        .aggregate([
          { $match: { at: { $gte: since() } } },
          {
            $group: {
              _id: { remote: '$remote', version: '$version', error: '$error' },
              count: { $sum: 1 },
            },
          },
        ])
        .toArray();
      this.reset();
      for (const { _id, count } of rows)
        this.set(
          { remote: _id.remote, version: _id.version, result: _id.error ? 'failed' : 'ok' },
          count,
        );
    },
  });
  new Gauge({
    name: 'toolshop_registry_recent_rollbacks',
    help: 'Rollbacks of a canary or an active version recorded in the last 15 minutes, by remote and whether the registry took them itself',
    labelNames: ['remote', 'automatic'],
    registers: [metrics.registry],
    async collect() {
      const rows = await db
        .collection('history')
        .aggregate([
          { $match: { action: 'rollback', at: { $gte: since() } } },
          { $group: { _id: { remote: '$remote', automatic: '$automatic' }, count: { $sum: 1 } } },
        ])
        .toArray();
      this.reset();
      for (const { _id, count } of rows)
        this.set({ remote: _id.remote, automatic: String(Boolean(_id.automatic)) }, count);
    },
  });
  new Gauge({
    name: 'toolshop_registry_canary_percent',
    help: 'The share of visitors (percent) a live canary gets, by remote and version',
    labelNames: ['remote', 'version'],
    registers: [metrics.registry],
    async collect() {
      const states = await db
        .collection('states')
        .find({ canary: { $ne: null } })
        .toArray();
      this.reset();
      for (const { _id, canary } of states)
        if (canary?.version)
          this.set({ remote: String(_id), version: canary.version }, Number(canary.percent) || 0);
    },
  });
  return metrics;
}

const answer = (res, status, body, contentType = 'application/json; charset=utf-8') => {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const refuse = (res, status, error, message) =>
  answer(res, status, { statusCode: status, error, message });

/**
 * Puts /health/ready and /metrics in front of `server`'s request handler and times every request.
 * @param {import('node:http').Server} server
 * @param {{ db: import('mongodb').Db, metrics: ServiceMetrics, metricsToken?: string, production?: boolean }} options
 */
export function withOperations(server, { db, metrics, metricsToken, production = false }) {
  const handlers = server.listeners('request');
  server.removeAllListeners('request');
  const tokenMatches = metricsToken ? bearerChecker(metricsToken) : undefined;

  async function ready(res) {
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref(),
    );
    try {
      await Promise.race([db.command({ ping: 1 }), timeout]);
      answer(res, 200, { status: 'ok', database: 'up' });
    } catch {
      refuse(res, 503, 'Service Unavailable', 'the registry database is unreachable');
    }
  }

  async function scrape(req, res) {
    if (tokenMatches ? !tokenMatches(req.headers.authorization) : production) {
      return tokenMatches
        ? refuse(res, 401, 'Unauthorized', 'a valid metrics token is required')
        : refuse(res, 404, 'Error', 'no such operation: GET /metrics');
    }
    try {
      answer(res, 200, await metrics.render(), metrics.contentType);
    } catch (error) {
      console.error('[registry] metrics failed', error);
      refuse(
        res,
        503,
        'Service Unavailable',
        'the metrics could not be read (is the database up?)',
      );
    }
  }

  server.on('request', (req, res) => {
    const started = process.hrtime.bigint();
    const path = (req.url ?? '/').split('?')[0];
    res.once('finish', () =>
      metrics.observeRequest(
        req.method ?? 'GET',
        routeOf(path),
        res.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      ),
    );
    if (req.method === 'GET' && path === '/health/ready') return void ready(res);
    if (req.method === 'GET' && path === '/metrics') return void scrape(req, res);
    for (const handler of handlers) handler.call(server, req, res);
  });
  return server;
}
