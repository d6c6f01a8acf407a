// npm run bench:api — the API against a bare node:http + MongoDB driver server, in the same run, on
// the same database: GET /tools (100 tools), GET /reviews and POST /orders, requests/s and p99.
// Each GET is measured three times: the API with its catalog cache, the API with the cache off
// (every read goes to the database, like raw) and raw; both ratios are printed. The run stops by
// itself: servers and database are stopped on success, failure, Ctrl-C or the overall time limit.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { startDatabase } from '@toolshop/devstack/database';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const DB_NAME = 'toolshop_bench';
const CACHE_MS = 1000;
const MEASURED_RUNS = 7;
/** Start-up allowance plus every run (2 s warm-up each); past it the bench gives up. */
const TIME_LIMIT_MS = (180 + MEASURED_RUNS * (DURATION + 2 + 5)) * 1000;
const children = [];
const cleanups = [];

const isFree = (port) =>
  new Promise((resolve) => {
    const server = createNetServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
async function freePort(from, to) {
  for (let port = from; port <= to; port++) if (await isFree(port)) return port;
  throw new Error(`no free port in ${from}..${to}`);
}

async function waitFor(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

function startNode(script, env, readyUrl) {
  const child = spawn(process.execPath, [script], {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return waitFor(readyUrl, child);
}

/** A signing key whose JWKS the API fetches, so POST /orders runs the real token verification. */
async function startIssuer(port) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'bench', alg: 'RS256', use: 'sig' };
  const server = createServer((_request, response) =>
    response.end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${port}`;
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT', kid: 'bench' })}.${part({ sub: 'bench', email: 'bench@toolshop.test', name: 'Bench', aud: 'urn:toolshop:api', iss: issuer, iat: now, exp: now + 3600 })}`;
  const token = `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
  return { server, issuer, token };
}

async function seed(uri) {
  const client = await MongoClient.connect(uri);
  const db = client.db(DB_NAME);
  await db.dropDatabase();
  const tools = Array.from({ length: 100 }, (_, i) => ({
    name: `Bench Tool ${i + 1}`,
    img: 'http://localhost:5000/images/cordless-drill.webp',
    shortDescription:
      'Two-speed brushless drill driver with 60 Nm torque, 13 mm metal chuck and LED work light.',
    minOrder: 1,
    available: 1_000_000_000,
    price: 100 + i,
  }));
  const { insertedIds } = await db.collection('tools').insertMany(tools);
  const now = Date.now();
  await db.collection('reviews').insertMany(
    Array.from({ length: 30 }, (_, i) => ({
      email: `reviewer${i}@example.com`,
      customerName: `Reviewer ${i}`,
      opinion: 'Solid tools, quick delivery and fair wholesale prices.',
      rating: (i % 5) + 1,
      createdAt: new Date(now - i * 60_000),
    })),
  );
  await client.close();
  return Object.values(insertedIds).map(String);
}

/** requests/s, p50, p99 and failures of one endpoint; 2 s of warm-up first (JIT, pools). */
async function measure(title, options) {
  await autocannon({ ...options, connections: 10, duration: 2 });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  const row = {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
  console.log(`  measured ${title}: ${row.rps} req/s, p99 ${row.p99} ms, failed ${row.failed}`);
  return row;
}

/** Same number of records with the same fields, or the comparison is not fair. */
async function assertSameAnswer(path, api, raw) {
  const [a, b] = await Promise.all(
    [api, raw].map(async (base) => (await fetch(base + path)).json()),
  );
  const fields = (list) =>
    Object.keys(list[0] ?? {})
      .sort()
      .join(',');
  if (a.length !== b.length || fields(a) !== fields(b)) {
    console.warn(
      `WARNING: ${path}: the API answers ${a.length} × {${fields(a)}}, raw ${b.length} × {${fields(b)}}`,
    );
  }
}

const pad = (value, width) => String(value).padStart(width);
const line = (row) =>
  `  ${row.title.padEnd(34)}${pad(row.rps, 8)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(row.failed, 9)}`;
const ratio = (a, b) => (b.rps > 0 ? (a.rps / b.rps).toFixed(2) : 'n/a');

function report(gets, orders) {
  const header = `  ${'server'.padEnd(34)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('failed', 9)}`;
  console.log(`\n=== results: ${CONNECTIONS} connections, ${DURATION} s per case ===`);
  for (const { path, cached, uncached, raw } of gets) {
    console.log(`\nGET ${path}\n${header}`);
    for (const row of [cached, uncached, raw]) console.log(line(row));
    console.log(
      `  ratio API with cache / raw:  ${ratio(cached, raw)}${path === '/tools' ? '   (aim >= 0.60)' : ''}`,
    );
    console.log(`  ratio API cache off / raw:   ${ratio(uncached, raw)}`);
  }
  console.log(`\nPOST /orders (signed in, stock taken atomically; no raw equivalent)\n${header}`);
  console.log(line(orders));
  const tools = gets[0];
  const p99Aim = [tools.cached, tools.uncached]
    .map((row) => `${row.title} ${row.p99} ms`)
    .join(', ');
  console.log(`\np99 aim < 50 ms on GET /tools: ${p99Aim}`);
  const failed = [...gets.flatMap((g) => [g.cached, g.uncached, g.raw]), orders].filter(
    (r) => r.failed > 0,
  );
  for (const row of failed) {
    console.log(
      `WARNING: ${row.title}: ${row.failed} failed requests (errors, timeouts or non-2xx); its figures are not comparable`,
    );
  }
  console.log(
    `(load average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} cores; other work on the machine lowers every figure)`,
  );
}

/** Stops every server started here (SIGKILL after 5 s), the issuer and the database. */
async function shutdown() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}

async function main() {
  const dbPort = await freePort(27180, 27199);
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-bench-'));
  const database = await startDatabase({ port: dbPort, dataDir });
  const apiPort = await freePort(5100, 5149);
  const uncachedPort = await freePort(apiPort + 1, 5149);
  const rawPort = await freePort(uncachedPort + 1, 5149);
  const issuerPort = await freePort(rawPort + 1, 5149);
  cleanups.push(
    async () => rmSync(dataDir, { recursive: true, force: true }),
    () => database.stop(),
  );
  const { server: issuerServer, issuer, token } = await startIssuer(issuerPort);
  cleanups.push(
    () =>
      new Promise((resolve) => {
        issuerServer.closeAllConnections();
        issuerServer.close(() => resolve(undefined));
      }),
  );
  console.log(`database: ${database.kind}; ${CONNECTIONS} connections, ${DURATION} s per run`);
  const toolIds = await seed(database.uri);
  const dbEnv = { MONGODB_URI: database.uri, MONGODB_DB: DB_NAME };
  const apiEnv = {
    ...dbEnv,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED: 'false',
    OIDC_ISSUER: issuer,
    OIDC_JWKS_URI: `${issuer}/jwks`,
    RATE_LIMIT_WRITES: '1000000',
    // Production mode asks for the payment provider by name; the benchmark pays nothing.
    PAYMENTS_PROVIDER: 'test',
  };
  await startNode(
    'dist/main.js',
    { ...apiEnv, PORT: String(apiPort), CATALOG_CACHE_MS: String(CACHE_MS) },
    `http://127.0.0.1:${apiPort}/health/ready`,
  );
  // The same API without its in-process catalog cache: every read goes to the database, like raw.
  await startNode(
    'dist/main.js',
    { ...apiEnv, PORT: String(uncachedPort), CATALOG_CACHE_MS: '0' },
    `http://127.0.0.1:${uncachedPort}/health/ready`,
  );
  await startNode(
    'bench/raw-server.mjs',
    { ...dbEnv, PORT: String(rawPort) },
    `http://127.0.0.1:${rawPort}/tools`,
  );

  const api = `http://127.0.0.1:${apiPort}`;
  const uncached = `http://127.0.0.1:${uncachedPort}`;
  const raw = `http://127.0.0.1:${rawPort}`;
  await assertSameAnswer('/tools', api, raw);
  await assertSameAnswer('/reviews', api, raw);

  const cachedTitle = `API, catalog cache ${CACHE_MS / 1000} s`;
  const gets = [];
  for (const path of ['/tools', '/reviews']) {
    gets.push({
      path,
      cached: await measure(`${cachedTitle}`, { url: api + path }),
      uncached: await measure('API, cache off', { url: uncached + path }),
      raw: await measure('raw node:http + driver', { url: raw + path }),
    });
  }
  const orders = await measure('API', {
    url: api,
    requests: [
      {
        method: 'POST',
        path: '/orders',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            toolId: toolIds[Math.floor(Math.random() * toolIds.length)],
            address: '1 Bench Street',
            phone: '555-0100',
            orderQuantity: 1,
          }),
        }),
      },
    ],
  });
  report(gets, orders);
}

async function stopAndExit(code) {
  await shutdown();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping the servers`);
    void stopAndExit(130);
  });
}
setTimeout(() => {
  console.error(`bench: still running after ${TIME_LIMIT_MS / 1000} s, giving up`);
  void stopAndExit(1);
}, TIME_LIMIT_MS).unref();

main().then(
  () => stopAndExit(0),
  (error) => {
    console.error(error);
    return stopAndExit(1);
  },
);
