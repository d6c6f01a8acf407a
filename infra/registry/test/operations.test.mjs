// The registry's operations (release hardening): readiness that asks its database, Prometheus metrics behind
// a metrics token (figures read from the database, the same on every replica), and a team's two
// tokens accepted while it rotates them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { registryMetrics, routeOf, withOperations } from '../src/operations.mjs';
import { createRegistry } from '../src/registry.mjs';
import { createRegistryServer } from '../src/server.mjs';
import { listenLocally, startTestDatabase } from './support.mjs';

const metricsToken = 'registry-metrics-token-0123456789';
let database,
  db,
  base,
  server,
  stopped = false;

/** A registry server with its operations in front, on the database `on`. */
async function start(on, options = {}) {
  const registry = createRegistry({
    db: on,
    store: /** @type {any} */ ({}),
    gates: async () => [],
    canary: { maxErrorRate: 0.2, minSample: 10 },
  });
  await registry.init();
  const http = createRegistryServer({
    registry,
    tokens: { storefront: 'sf-old-token, sf-new-token', dashboard: 'db-token', admin: '' },
  });
  withOperations(http, { db: on, metrics: registryMetrics(on), metricsToken, ...options });
  return { http, url: await listenLocally(http) };
}

before(async () => {
  database = await startTestDatabase();
  db = database.client.db(`registry-ops-${Date.now()}`);
  ({ http: server, url: base } = await start(db));
});
after(async () => {
  server?.close();
  if (!stopped) await database?.stop();
});

const get = (path, token) =>
  fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

test('GET /metrics needs the metrics token, and exports request durations by route template', async () => {
  assert.equal((await get('/metrics')).status, 401);
  assert.equal((await get('/metrics', 'sf-new-token')).status, 401);
  await get('/remotes/storefront/activate');
  await get('/no/such/path/123');
  const answer = await get('/metrics', metricsToken);
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/);
  const text = await answer.text();
  assert.match(
    text,
    /http_server_request_duration_seconds_count\{method="GET",route="\/remotes\/:remote\/activate",status_class="4xx"\} 1/,
  );
  assert.match(
    text,
    /http_server_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} 1/,
  );
  assert.doesNotMatch(text, /no\/such\/path/);
  assert.match(text, /process_cpu_seconds_total/);
  assert.equal(routeOf('/remotes/x/rollback'), '/remotes/:remote/rollback');
});

test('the page loads of the last 15 minutes per version, rollbacks and canaries come from the database', async () => {
  const now = new Date();
  const old = new Date(now.getTime() - 20 * 60_000);
  await db.collection('beacons').insertMany([
    ...[1, 2, 3].map((i) => ({
      _id: `ok${i}:storefront`,
      remote: 'storefront',
      version: '2.0.0+b',
      error: false,
      at: now,
    })),
    ...[1, 2].map((i) => ({
      _id: `bad${i}:storefront`,
      remote: 'storefront',
      version: '2.0.0+b',
      error: true,
      at: now,
    })),
    { _id: 'early:storefront', remote: 'storefront', version: '1.0.0+a', error: true, at: old },
  ]);
  await db.collection('history').insertMany([
    {
      remote: 'storefront',
      action: 'rollback',
      version: '1.0.0+a',
      from: '2.0.0+b',
      automatic: true,
      at: now,
    },
    {
      remote: 'dashboard',
      action: 'rollback',
      version: null,
      from: '1.0.0+a',
      automatic: false,
      at: old,
    },
    { remote: 'dashboard', action: 'activate', version: '1.0.0+a', automatic: false, at: now },
  ]);
  await db.collection('states').insertOne({
    _id: 'admin',
    active: { version: '1.0.0+a' },
    canary: { version: '1.1.0+c', percent: 25 },
  });
  const text = await (await get('/metrics', metricsToken)).text();
  assert.match(
    text,
    /toolshop_registry_page_loads\{remote="storefront",version="2.0.0\+b",result="ok"\} 3/,
  );
  assert.match(
    text,
    /toolshop_registry_page_loads\{remote="storefront",version="2.0.0\+b",result="failed"\} 2/,
  );
  assert.doesNotMatch(text, /toolshop_registry_page_loads\{[^}]*version="1.0.0\+a"/);
  assert.match(
    text,
    /toolshop_registry_recent_rollbacks\{remote="storefront",automatic="true"\} 1/,
  );
  assert.doesNotMatch(text, /toolshop_registry_recent_rollbacks\{remote="dashboard"/);
  assert.match(text, /toolshop_registry_canary_percent\{remote="admin",version="1.1.0\+c"\} 25/);
  // Another replica (or this one restarted) reports the same figures.
  const other = await start(db);
  try {
    const again = await (
      await fetch(`${other.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
    ).text();
    assert.match(
      again,
      /toolshop_registry_page_loads\{remote="storefront",version="2.0.0\+b",result="failed"\} 2/,
    );
  } finally {
    other.http.close();
  }
});

test('without a metrics token /metrics is open on a local stack and absent in production', async () => {
  const local = await start(db, { metricsToken: undefined });
  const production = await start(db, { metricsToken: undefined, production: true });
  try {
    assert.equal((await fetch(`${local.url}/metrics`)).status, 200);
    const absent = await fetch(`${production.url}/metrics`);
    assert.equal(absent.status, 404);
    assert.equal((await absent.json()).statusCode, 404);
  } finally {
    local.http.close();
    production.http.close();
  }
});

test('a team rotating its token: both listed tokens are its own, no other is', async () => {
  assert.equal((await get('/status', 'sf-old-token')).status, 200);
  assert.equal((await get('/status', 'sf-new-token')).status, 200);
  assert.equal((await get('/status', 'sf-old-token, sf-new-token')).status, 401);
  assert.equal((await get('/status', 'sf-other-token')).status, 401);
  assert.equal((await get('/status', '')).status, 401);
  const history = await get('/history?remote=dashboard', 'sf-new-token');
  assert.equal(history.status, 403, 'the storefront team reads only its own history');
});

test('GET /health/ready answers 200 while the database answers, 503 once it is gone; /health stays 200', async () => {
  const ready = await get('/health/ready');
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: 'ok', database: 'up' });
  stopped = true;
  await database.stop();
  const gone = await get('/health/ready');
  assert.equal(gone.status, 503);
  assert.deepEqual(await gone.json(), {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'the registry database is unreachable',
  });
  assert.equal((await get('/health')).status, 200);
});
