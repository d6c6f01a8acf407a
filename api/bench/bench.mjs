// npm run bench:api — the API against a bare node:http + MongoDB driver server, in the same run, on
// the same database: GET /tools (100 tools), GET /reviews and POST /orders, requests/s and p99.
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
const children = [];

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

async function run(title, options) {
  // A short warm-up (JIT, connection pools), then the measured run.
  await autocannon({ ...options, connections: 10, duration: 2 });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  const row = {
    run: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
    'non-2xx': result.non2xx,
  };
  console.log(
    `${title}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms, non-2xx ${row['non-2xx']}`,
  );
  return row;
}

async function main() {
  const dbPort = await freePort(27180, 27199);
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-bench-'));
  const database = await startDatabase({ port: dbPort, dataDir });
  const apiPort = await freePort(5100, 5149);
  const uncachedPort = await freePort(apiPort + 1, 5149);
  const rawPort = await freePort(uncachedPort + 1, 5149);
  const issuerPort = await freePort(rawPort + 1, 5149);
  const { server: issuerServer, issuer, token } = await startIssuer(issuerPort);
  try {
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
      { ...apiEnv, PORT: String(apiPort) },
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
    const rows = [
      await run('API GET /tools', { url: `${api}/tools` }),
      await run('raw GET /tools', { url: `${raw}/tools` }),
      await run('API GET /tools, cache off', { url: `${uncached}/tools` }),
      await run('API GET /reviews', { url: `${api}/reviews` }),
      await run('raw GET /reviews', { url: `${raw}/reviews` }),
      await run('API GET /reviews, cache off', { url: `${uncached}/reviews` }),
      await run('API POST /orders', {
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
      }),
    ];
    console.log('');
    console.table(rows);
    const ratio = (a, b) => (rows[a]['req/s'] / rows[b]['req/s']).toFixed(2);
    console.log(
      `GET /tools:   API / raw = ${ratio(0, 1)} (aim >= 0.60), cache off ${ratio(2, 1)}; API p99 ${rows[0]['p99 ms']} ms (aim < 50 ms)`,
    );
    console.log(`GET /reviews: API / raw = ${ratio(3, 4)}, cache off ${ratio(5, 4)}`);
    console.log(
      `(load average during the run: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${cpus().length} cores)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    issuerServer.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  for (const child of children) child.kill('SIGTERM');
  console.error(error);
  process.exit(1);
});
