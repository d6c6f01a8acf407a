// What the API and the identity provider share to be observed (see index.d.cts for the types).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loadable everywhere
const { createHash, randomFillSync, timingSafeEqual } = require('node:crypto');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = require('prom-client');

// ---- W3C trace context: version-traceid-parentid-flags; later versions may append fields. ----

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-\S*)?$/;
const ZEROS = /^0+$/;
// Ids come from random bytes drawn 4 kB at a time (as crypto.randomUUID does): a randomBytes call
// per id was the largest single cost of a cached catalog read (profiled with bench:api --profile).
const random = Buffer.alloc(4096);
let randomUsed = random.length;
const hex = (bytes) => {
  if (randomUsed + bytes > random.length) {
    randomFillSync(random);
    randomUsed = 0;
  }
  randomUsed += bytes;
  return random.toString('hex', randomUsed - bytes, randomUsed);
};

/** Continues the caller's trace (a valid `traceparent`) with a span of its own, or starts one. */
exports.parseTraceparent = function parseTraceparent(header) {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  if (match) {
    const [, version, traceId, parentId, flags, rest] = match;
    const valid =
      version !== 'ff' &&
      !(version === '00' && rest) &&
      !ZEROS.test(traceId) &&
      !ZEROS.test(parentId);
    if (valid) return { traceId, parentId, spanId: hex(8), flags };
  }
  return { traceId: hex(16), spanId: hex(8), flags: '00' };
};

/** This span's `traceparent` (sent back as `traceresponse`). */
exports.formatTraceparent = (trace) => `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;

// ---- Prometheus ----

let processRegistry;
/** CPU, memory, event loop and GC, collected once per process however many servers it starts. */
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const METHOD = /^[A-Z]{3,7}$/;

/** Open and checked-out connections of a connected MongoClient's pools (driver 6-7), else undefined. */
function poolCounts(client) {
  const servers = client?.topology?.s?.servers;
  if (!(servers instanceof Map)) return undefined;
  let open = 0;
  let inUse = 0;
  for (const server of servers.values()) {
    const { totalConnectionCount, currentCheckedOutCount } = server?.pool ?? {};
    if (typeof totalConnectionCount !== 'number' || typeof currentCheckedOutCount !== 'number')
      return undefined;
    open += totalConnectionCount;
    inUse += currentCheckedOutCount;
  }
  return { open, inUse };
}

/**
 * One server's metrics: request latency by method, route template and status class, the MongoDB
 * driver's pool, and (at render) the process's. Add counters of your own to `registry`.
 */
class ServiceMetrics {
  constructor() {
    this.registry = new Registry();
    this.requests = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Time to answer a request, by route template (not the raw URL), method and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const pool = (this.pool = { open: 0, inUse: 0 });
    const watched = () => this.watched;
    new Gauge({
      name: 'mongodb_pool_connections',
      help: 'Connections of the database driver pool, by state (open = in use + idle)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const counted = poolCounts(watched()) ?? pool;
        this.set({ state: 'open' }, Math.max(0, counted.open));
        this.set({ state: 'in_use' }, Math.max(0, Math.min(counted.inUse, counted.open)));
      },
    });
    this.poolFailures = new Counter({
      name: 'mongodb_pool_checkout_failures_total',
      help: 'Database connections the driver could not hand out (pool exhausted, timeout, closed)',
      labelNames: ['reason'],
      registers: [this.registry],
    });
    processMetrics();
  }

  /**
   * Follows a MongoClient's pool. The gauge reads the driver's own pools at each scrape (the events
   * miss the connections opened before this call, as when the client connected first); the event
   * counts stand in where a client does not show its pools.
   */
  watchPool(client) {
    this.watched = client;
    client.on('connectionCreated', () => this.pool.open++);
    client.on('connectionClosed', () => this.pool.open--);
    client.on('connectionCheckedOut', () => this.pool.inUse++);
    client.on('connectionCheckedIn', () => this.pool.inUse--);
    client.on('connectionCheckOutFailed', (event) =>
      this.poolFailures.inc({ reason: String(event.reason) }),
    );
  }

  /** One answered request; returns its status class (`2xx`...). `route`: a template, bounded. */
  observeRequest(method, route, status, seconds) {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.requests.observe(
      { method: METHOD.test(method) ? method : 'OTHER', route, status_class: statusClass },
      seconds,
    );
    return statusClass;
  }

  get contentType() {
    return this.registry.contentType;
  }

  /** The text exposition of this server's and the process's metrics. */
  render() {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }
}
exports.ServiceMetrics = ServiceMetrics;

// ---- the metrics token ----

const digest = (value) => createHash('sha256').update(value).digest();

/** Checks `Authorization: Bearer <token>` against the configured token in constant time. */
exports.bearerChecker = function bearerChecker(token) {
  const expected = digest(token);
  return (authorization) => {
    const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
};
