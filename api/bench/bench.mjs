// npm run bench:api — the API against bare node:http servers, in the same run, on the same database:
// GET /tools (100 tools) and GET /reviews, requests/s and p99, and POST /orders; then GET /tools and
// POST /orders through HAProxy (the proxy of `npm start -- --api-instances N`) in front of 1 and of 3
// API processes, side by side.
// Each GET is measured against baselines: the API with its catalog cache against a bare server
// answering the same body from memory (the issue's aim), and against one sending the API's whole
// answer (its headers too, with fresh ids: what is left is the framework's work); the API with the
// cache off (every read goes to the database) against a bare server reading through the driver.
// The run stops by itself: servers and database are stopped on success, failure, Ctrl-C or the
// overall time limit.
//
// Options (after `npm run bench:api --`):
//   --before <dir>   also measure another build of the API (e.g. a copy of api/dist made before a
//                    change), side by side in the same run: the before/after ratio without the noise
//                    of two runs (packages it needs that the API no longer has: put them on NODE_PATH)
//   --only <cases>   a comma-separated subset of tools,reviews,orders,proxy (proxy: skipped with a
//                    warning when HAProxy is not installed: apt-get install haproxy)
//   --profile <dir>  run the API under `node --cpu-prof` and write its profiles there
//   --json <file>    also write the figures as JSON (npm run bench reads them)
// Environment: BENCH_CONNECTIONS (GETs, default 50), BENCH_WRITE_CONNECTIONS (POST /orders, 100),
// BENCH_SECONDS (10), BENCH_ROUNDS (3: the cached reads, raw and --before take turns, median round).
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { startDatabase } from '@toolshop/devstack/database';
import { stopAll } from '@toolshop/devstack/processes.mjs';
import { HAPROXY, startHaproxy, waitForServersUp } from '@toolshop/devstack/proxy.mjs';
import { cpuSeconds, freePort, startIssuer, startMailSink, waitFor, runBench } from './harness.mjs';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    before: { type: 'string' },
    only: { type: 'string', default: 'tools,reviews,orders,proxy' },
    profile: { type: 'string' },
    json: { type: 'string' },
  },
});
const CASES = new Set(options.only.split(','));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Turns of the cached reads and their baseline (see measureInTurns). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DB_NAME = 'toolshop_bench';
const CACHE_MS = 1000;
/** Orders are spread over this many customers, so none reaches its cap of open unpaid orders. */
const CUSTOMERS = 5000;
const MEASURED_RUNS = 14 + 4 * 2 * Number(process.env.BENCH_ROUNDS ?? 3);
/** API processes behind the proxy in its second configuration (the first has one). */
const PROXIED_INSTANCES = 3;
/** Start-up allowance plus every run (2 s warm-up each); past it the bench gives up. */
const TIME_LIMIT_MS = (180 + MEASURED_RUNS * (DURATION + 2 + 5)) * 1000;
const children = [];
const cleanups = [];

function startNode(script, env, readyUrl) {
  const profile = options.profile && script.endsWith('main.js');
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${resolvePath(options.profile)}`] : [];
  const child = spawn(process.execPath, [...flags, script], {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return waitFor(readyUrl, child).then(() => child);
}

/**
 * Waits (at most two minutes) until the outbox holds no unsent email, so that sending what one run
 * queued does not weigh on the next build's run.
 */
async function drainOutbox(uri) {
  const client = await MongoClient.connect(uri);
  const outbox = client.db(DB_NAME).collection('outbox');
  for (let i = 0; i < 480 && (await outbox.countDocuments({ status: 'pending' })) > 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 250));
  await client.close();
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

/**
 * requests/s, p50, p99 and failures of one endpoint; 2 s of warm-up first (JIT, pools). With the
 * `server` process, also its CPU time per request: steadier than requests/s when other work
 * shares the cores (it leaves out the time the server waits for them, not their cache effects).
 */
async function measure(title, { server, ...load }, connections = CONNECTIONS, duration = DURATION) {
  await autocannon({ ...load, connections: 10, duration: 2 });
  const cpuBefore = server && cpuSeconds(server.pid);
  const result = await autocannon({ ...load, connections, duration });
  const cpuUsed = cpuBefore === undefined ? undefined : cpuSeconds(server.pid) - cpuBefore;
  const row = {
    title,
    rps: Math.round(result.requests.average),
    cpuUs:
      cpuUsed === undefined || !result.requests.total
        ? undefined
        : Math.round((cpuUsed * 1e7) / result.requests.total) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts its timeouts among its errors.
    failed: result.errors + result.non2xx,
  };
  const why = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count} × ${status}`)
    .concat(result.timeouts ? [`${result.timeouts} timeouts`] : [])
    .concat(result.errors > result.timeouts ? [`${result.errors - result.timeouts} errors`] : []);
  console.log(
    `  measured ${title}: ${row.rps} req/s, p99 ${row.p99} ms, failed ${row.failed}${why.length ? ` (${why.join(', ')})` : ''}`,
  );
  return row;
}

const median = (items, key) =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];

/**
 * The cases of one comparison in turns (ROUNDS rounds of DURATION / ROUNDS s each), so that other
 * work on the machine, which comes and goes, weighs on each of them alike; each case's row is its
 * median round by requests/s; their ratios are the median of each round's ratio.
 */
async function measureInTurns(cases) {
  const rounds = cases.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, [title, load]] of cases.entries())
      rounds[i].push(await measure(title, load, CONNECTIONS, Math.max(1, DURATION / ROUNDS)));
  return rounds.map((rows) => ({
    ...median(rows, (row) => row.rps),
    rounds: rows.map((row) => row.rps),
    cpuRounds: rows.map((row) => row.cpuUs),
  }));
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
  `  ${row.title.padEnd(34)}${pad(row.rps, 8)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(row.failed, 9)}${pad(row.cpuUs ?? 'n/a', 12)}`;
/** Of cases measured in turns: the median of the ratios of each round (the load of a round weighs on both). */
function ratio(a, b) {
  if (a.rounds && b.rounds)
    return median(
      a.rounds.map((rps, i) => (b.rounds[i] > 0 ? rps / b.rounds[i] : 0)),
      (r) => r,
    ).toFixed(2);
  return b.rps > 0 ? (a.rps / b.rps).toFixed(2) : 'n/a';
}

/**
 * b's CPU per request over a's (comparable with the requests/s ratio); of cases measured in turns,
 * the median of each round's, as for requests/s: the median rounds by requests/s of a and b may be
 * different rounds, and a busy round's CPU per request is higher for both.
 */
function ratioByCpu(a, b) {
  if (a.cpuRounds?.every(Boolean) && b.cpuRounds?.every(Boolean))
    return median(
      a.cpuRounds.map((us, i) => b.cpuRounds[i] / us),
      (r) => r,
    ).toFixed(2);
  return a.cpuUs && b.cpuUs ? (b.cpuUs / a.cpuUs).toFixed(2) : undefined;
}

/** Prints the sections (rows, then ratios) and returns them for --json. */
function report(sections) {
  const header = `  ${'server'.padEnd(34)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('failed', 9)}${pad('cpu µs/req', 12)}`;
  console.log(
    `\n=== results: GETs at ${CONNECTIONS} connections, POST /orders at ${WRITE_CONNECTIONS}, ${DURATION} s per case ===`,
  );
  const ratios = [];
  for (const { title, rows, compare } of sections) {
    console.log(`\n${title}\n${header}`);
    for (const row of rows) console.log(line(row));
    for (const [label, a, b, aim = ''] of compare) {
      const value = ratio(a, b);
      console.log(`  ${`ratio ${label}:`.padEnd(54)}${value}${aim && `   (aim ${aim})`}`);
      ratios.push({ title: `${title}: ${label}`, ratio: Number(value), p99: a.p99, aim });
      const byCpu = ratioByCpu(a, b);
      if (byCpu) {
        console.log(`  ${`  the same by CPU per request:`.padEnd(54)}${byCpu}`);
        ratios.push({
          title: `${title}: ${label}, by CPU per request`,
          ratio: Number(byCpu),
          p99: a.p99,
        });
      }
    }
  }
  for (const row of sections.flatMap((section) => section.rows).filter((r) => r.failed > 0)) {
    console.log(
      `WARNING: ${row.title}: ${row.failed} failed requests (errors, timeouts or non-2xx); its figures are not comparable`,
    );
  }
  console.log(
    `(load average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} cores; other work on the machine lowers every figure)`,
  );
  return { sections, ratios };
}

async function main() {
  const dbPort = await freePort(27180, 27199);
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-bench-'));
  const database = await startDatabase({ port: dbPort, dataDir });
  const ports = [];
  for (let i = 0; i < 10 + PROXIED_INSTANCES; i++)
    ports.push(await freePort((ports.at(-1) ?? 5099) + 1, 5149));
  const [apiPort, uncachedPort, rawPort, issuerPort, beforePort, smtpPort, ...proxyPorts] = ports;
  cleanups.push(
    async () => rmSync(dataDir, { recursive: true, force: true }),
    () => database.stop(),
  );
  const orders = CASES.has('orders') || CASES.has('proxy');
  const {
    server: issuerServer,
    issuer,
    tokens,
  } = await startIssuer(issuerPort, orders ? CUSTOMERS : 0);
  const mailSink = await startMailSink(smtpPort);
  cleanups.push(
    () =>
      new Promise((resolve) => {
        mailSink.close(() => resolve(undefined));
      }),
  );
  cleanups.push(
    () =>
      new Promise((resolve) => {
        issuerServer.closeAllConnections();
        issuerServer.close(() => resolve(undefined));
      }),
  );
  console.log(`database: ${database.kind}; ${DURATION} s per run`);
  const toolIds = await seed(database.uri);
  const dbEnv = { MONGODB_URI: database.uri, MONGODB_DB: DB_NAME };
  const apiEnv = {
    ...dbEnv,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SEED: 'false',
    OIDC_ISSUER: issuer,
    OIDC_JWKS_URI: `${issuer}/jwks`,
    RATE_LIMIT_WRITES: '1000000',
    // No draining at the end: the servers stop at once and --cpu-prof writes its profiles.
    SHUTDOWN_DRAIN_MS: '0',
    // Production mode asks for the payment provider by name; the benchmark pays nothing.
    PAYMENTS_PROVIDER: 'test',
    // Production mode asks for a mail server too: POST /orders queues an email per order.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
  const startApi = (main, port, cacheMs, extraEnv = {}) =>
    startNode(
      main,
      { ...apiEnv, ...extraEnv, PORT: String(port), CATALOG_CACHE_MS: String(cacheMs) },
      `http://127.0.0.1:${port}/health/ready`,
    );
  const apiServer = await startApi('dist/main.js', apiPort, CACHE_MS);
  // The same API without its in-process catalog cache: every read goes to the database, like raw.
  const uncachedServer = await startApi('dist/main.js', uncachedPort, 0);
  // Another build (outside api/, so it finds the packages through NODE_PATH).
  const beforeServer =
    options.before &&
    (await startApi(join(resolvePath(options.before), 'main.js'), beforePort, CACHE_MS, {
      NODE_PATH: [
        join(apiDir, 'node_modules'),
        join(apiDir, '..', 'node_modules'),
        process.env.NODE_PATH,
      ]
        .filter(Boolean)
        .join(':'),
    }));
  const rawServer = await startNode(
    'bench/raw-server.mjs',
    { ...dbEnv, PORT: String(rawPort), API_URL: `http://127.0.0.1:${apiPort}` },
    `http://127.0.0.1:${rawPort}/tools`,
  );

  const api = `http://127.0.0.1:${apiPort}`;
  const before = `http://127.0.0.1:${beforePort}`;
  const uncached = `http://127.0.0.1:${uncachedPort}`;
  const raw = `http://127.0.0.1:${rawPort}`;
  const cachedTitle = `API, catalog cache ${CACHE_MS / 1000} s`;
  const sections = [];
  for (const path of ['/tools', '/reviews'].filter((p) => CASES.has(p.slice(1)))) {
    await assertSameAnswer(path, api, raw);
    await assertSameAnswer(path, api, `${raw}/memory`);
    const [cached, memory, answer, old] = await measureInTurns([
      [cachedTitle, { url: api + path, server: apiServer }],
      ['raw node:http, bytes in memory', { url: `${raw}/memory${path}`, server: rawServer }],
      ["raw node:http, the API's answer", { url: `${raw}/answer${path}`, server: rawServer }],
      ...(options.before
        ? [[`before: ${cachedTitle}`, { url: before + path, server: beforeServer }]]
        : []),
    ]);
    const off = await measure('API, cache off', { url: uncached + path, server: uncachedServer });
    const driver = await measure('raw node:http + driver', { url: raw + path, server: rawServer });
    sections.push({
      title: `GET ${path}`,
      rows: [cached, old, memory, answer, off, driver].filter(Boolean),
      compare: [
        ['API with cache / raw from memory', cached, memory, '>= 0.50, p99 < 15 ms'],
        ["API with cache / raw sending the API's answer", cached, answer],
        ...(old ? [['before: API with cache / raw from memory', old, memory]] : []),
        ['API cache off / raw + driver', off, driver],
      ],
    });
  }
  let next = 0;
  const orderLoad = (base, server) => ({
    url: base,
    server,
    requests: [
      {
        method: 'POST',
        path: '/orders',
        // Customers in turn: each holds at most a few open unpaid orders (MAX_UNPAID_ORDERS).
        setupRequest: (request) => ({
          ...request,
          headers: {
            authorization: `Bearer ${tokens[next++ % tokens.length]}`,
            'content-type': 'application/json',
          },
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
  if (CASES.has('orders')) {
    const placed = await measure('API', orderLoad(api, apiServer), WRITE_CONNECTIONS);
    if (options.before) await drainOutbox(database.uri);
    const old =
      options.before &&
      (await measure('before: API', orderLoad(before, beforeServer), WRITE_CONNECTIONS));
    sections.push({
      title: `POST /orders (${tokens.length} customers in turn; no raw equivalent)`,
      rows: [placed, old].filter(Boolean),
      compare: old ? [['API / before', placed, old]] : [],
    });
  }
  if (CASES.has('proxy')) {
    if (spawnSync(HAPROXY, ['-v'], { stdio: 'ignore' }).status !== 0) {
      console.warn(
        'WARNING: no HAProxy (apt-get install haproxy): the figures through the proxy are left out',
      );
    } else {
      sections.push(
        ...(await measureThroughProxy({
          ports: proxyPorts,
          startInstance: (port) => startApi('dist/main.js', port, CACHE_MS, { TRUST_PROXY: '1' }),
          orderLoad,
        })),
      );
    }
  }
  const figures = report(sections);
  if (options.json) writeFileSync(options.json, JSON.stringify(figures, null, 2));
}

/**
 * GET /tools and POST /orders through HAProxy (infra/devstack/src/proxy.mjs, as `npm start --
 * --api-instances N` runs it) in front of one API process, then of PROXIED_INSTANCES, on the same
 * database; the reads in turns. The proxy's own cost is in both; their ratio is what more processes
 * add on this machine (on 2 cores shared with the database, little or nothing).
 */
async function measureThroughProxy({ ports, startInstance, orderLoad }) {
  const [oneFront, oneStats, manyFront, manyStats, ...instancePorts] = ports;
  for (const port of instancePorts) await startInstance(port);
  cleanups.push(() => stopAll());
  const runDir = mkdtempSync(join(tmpdir(), 'toolshop-bench-proxy-'));
  cleanups.push(async () => rmSync(runDir, { recursive: true, force: true }));
  const one = await startHaproxy(
    { api: { port: oneFront, servers: instancePorts.slice(0, 1) }, statsPort: oneStats },
    { runDir: join(runDir, 'one'), quiet: true },
  );
  const many = await startHaproxy(
    { api: { port: manyFront, servers: instancePorts }, statsPort: manyStats },
    { runDir: join(runDir, 'many'), quiet: true },
  );
  await Promise.all([waitForServersUp(one.statsUrl), waitForServersUp(many.statsUrl)]);
  const oneUrl = `http://127.0.0.1:${oneFront}`;
  const manyUrl = `http://127.0.0.1:${manyFront}`;
  const [readsOne, readsMany] = await measureInTurns([
    ['HAProxy + 1 API process', { url: `${oneUrl}/tools` }],
    [`HAProxy + ${instancePorts.length} API processes`, { url: `${manyUrl}/tools` }],
  ]);
  const ordersOne = await measure('HAProxy + 1 API process', orderLoad(oneUrl), WRITE_CONNECTIONS);
  const ordersMany = await measure(
    `HAProxy + ${instancePorts.length} API processes`,
    orderLoad(manyUrl),
    WRITE_CONNECTIONS,
  );
  const label = `${instancePorts.length} processes / 1`;
  return [
    {
      title: 'GET /tools through HAProxy',
      rows: [readsOne, readsMany],
      compare: [[label, readsMany, readsOne]],
    },
    {
      title: 'POST /orders through HAProxy',
      rows: [ordersOne, ordersMany],
      compare: [[label, ordersMany, ordersOne]],
    },
  ];
}

runBench(main, { children, cleanups, timeLimitMs: TIME_LIMIT_MS });
