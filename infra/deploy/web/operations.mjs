// The web server's operations endpoints (release hardening), put in front of the static server's handler by
// serve.mjs, with Node built-ins only (the image carries nothing else):
//   GET /health/ready   200 when the pod can serve the shop: the build's index.html is there and its
//                       runtime files (config.json, remotes.json) parsed. The registry is reported
//                       (`registry: "up" | "down"`) but does not make the pod unready: without it the
//                       server serves the built-in map and the last answers, and taking every web pod
//                       out of rotation would turn a registry outage into a shop outage.
//   GET /metrics        Prometheus text, bearer METRICS_TOKEN (without one: open on a local stack,
//                       404 in production), as the API's and the registry's:
//     http_server_request_duration_seconds{method,route,status_class}   the same histogram as theirs
//     toolshop_web_registry_up                                          1 when the registry answered the scrape's check
//     process_cpu_seconds_total, process_resident_memory_bytes
import { createHash, timingSafeEqual } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';

/** The names this module exports (checked against infra/deploy's alert rules). */
export const webMetricNames = [
  'http_server_request_duration_seconds',
  'toolshop_web_registry_up',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
];

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CHECK_TIMEOUT_MS = 2000;
const EXACT = new Set([
  '/',
  '/health',
  '/health/ready',
  '/metrics',
  '/remotes.json',
  '/config.json',
  '/remotes/beacon',
]);

/** A bounded route label: the server's own paths, the remotes' files, other files, and pages. */
export function webRouteOf(path) {
  if (EXACT.has(path)) return path;
  if (path.startsWith('/remotes/')) return '/remotes/*';
  return /\.[a-z0-9]+$/i.test(path) ? 'file' : 'page';
}

/** Request durations by method, route and status class, in Prometheus's histogram text. */
class RequestHistogram {
  series = new Map(); // labels text -> { counts per bucket, sum, count }

  observe(method, route, status, seconds) {
    const labels = `method="${/^[A-Z]{3,7}$/.test(method) ? method : 'OTHER'}",route="${route}",status_class="${Math.floor(status / 100)}xx"`;
    let entry = this.series.get(labels);
    if (!entry)
      this.series.set(labels, (entry = { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) entry.buckets[i]++;
    });
    entry.sum += seconds;
    entry.count++;
  }

  text() {
    const name = 'http_server_request_duration_seconds';
    const lines = [
      `# HELP ${name} Time to answer a request, by route template, method and status class`,
      `# TYPE ${name} histogram`,
    ];
    for (const [labels, { buckets, sum, count }] of this.series) {
      BUCKETS.forEach((bound, i) =>
        lines.push(`${name}_bucket{${labels},le="${bound}"} ${buckets[i]}`),
      );
      lines.push(
        `${name}_bucket{${labels},le="+Inf"} ${count}`,
        `${name}_sum{${labels}} ${sum}`,
        `${name}_count{${labels}} ${count}`,
      );
    }
    return lines;
  }
}

const gauge = (name, help, type, value) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} ${type}`,
  `${name} ${value}`,
];

const digest = (value) => createHash('sha256').update(value).digest();

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Puts /health/ready and /metrics in front of `server`'s request handler and times every request.
 * @param {import('node:http').Server} server
 * @param {{ root: string, registryUrl?: string, metricsToken?: string, production?: boolean }} options
 *   root: the build served (its index.html must be there); registryUrl: the registry inside the cluster.
 */
export function withOperations(server, { root, registryUrl, metricsToken, production = false }) {
  const handlers = server.listeners('request');
  server.removeAllListeners('request');
  const requests = new RequestHistogram();
  const expected = metricsToken ? digest(metricsToken) : undefined;
  const tokenMatches = (authorization) => {
    const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return (
      expected !== undefined && given !== undefined && timingSafeEqual(digest(given), expected)
    );
  };
  const registryUp = async () => (registryUrl ? answers(`${registryUrl}/health`) : undefined);

  const json = (res, status, body) => {
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify(body));
  };
  const refuse = (res, status, error, message) =>
    json(res, status, { statusCode: status, error, message });

  async function ready(res) {
    const registry = await registryUp();
    const report = registry === undefined ? {} : { registry: registry ? 'up' : 'down' };
    try {
      await access(join(root, 'index.html'));
    } catch {
      return refuse(
        res,
        503,
        'Service Unavailable',
        `the build is missing (no index.html in ${root})`,
      );
    }
    json(res, 200, { status: 'ok', ...report });
  }

  async function scrape(req, res) {
    if (expected ? !tokenMatches(req.headers.authorization) : production) {
      return expected
        ? refuse(res, 401, 'Unauthorized', 'a valid metrics token is required')
        : refuse(res, 404, 'Not Found', 'no such file: /metrics');
    }
    const registry = await registryUp();
    const cpu = process.cpuUsage();
    const lines = [
      ...requests.text(),
      ...(registry === undefined
        ? []
        : gauge(
            'toolshop_web_registry_up',
            "Whether the remote registry answered this scrape's check (1) or not (0)",
            'gauge',
            registry ? 1 : 0,
          )),
      ...gauge(
        'process_cpu_seconds_total',
        'User and system CPU time of the process',
        'counter',
        (cpu.user + cpu.system) / 1e6,
      ),
      ...gauge(
        'process_resident_memory_bytes',
        'Resident memory of the process',
        'gauge',
        process.memoryUsage.rss(),
      ),
    ];
    res.writeHead(200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(`${lines.join('\n')}\n`);
  }

  server.on('request', (req, res) => {
    const started = process.hrtime.bigint();
    const path = (req.url ?? '/').split('?')[0];
    res.once('finish', () =>
      requests.observe(
        req.method ?? 'GET',
        webRouteOf(path),
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
