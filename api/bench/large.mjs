// npm run bench -- --data large: the API at a manufacturer's volume (scripts/large-data.mjs: 5,000
// products, 2,000 buyers, 50,000 orders and their emails, 20,000 reviews, 2,000 saved lists, plus
// 5,000 audit entries), uncached (CATALOG_CACHE_MS=0), one API process unless stated:
//   - every list as its users call it: 30 calls one after another (3 before, not counted), p50/p99;
//   - the CSV export of every order: first byte, whole, lines, the API's memory, median of 5 runs;
//   - placing an order: 50 one after another, then autocannon at 100 connections;
//   - POST /orders at 100 connections through HAProxy in front of 1 and of 3 API processes, taking
//     turns (1, 3, 1, 3), with the CPU seconds PostgreSQL, FerretDB and the API processes used.
// One table at the end (p50, p99, target). Benchmarks, not tests: nothing fails on a timing.
// Everything started here is stopped on success, failure, Ctrl-C or the overall time limit.
//
// Options: --data large (the only volume), --json <file> (the figures, for all.mjs),
//          --profile <dir> (the measured API process runs under `node --cpu-prof`, profiles there).
// Environment: BENCH_SECONDS (10) per load run; MONGODB_URI (an outside database: no ANALYZE, no
// PostgreSQL CPU figures; it must be empty).
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { LIST_MAX_LIMIT } from '@toolshop/contracts';
import { postgresSql, startDatabase } from '@toolshop/devstack/database';
import { stopAll } from '@toolshop/devstack/processes.mjs';
import { HAPROXY, startHaproxy, waitForServersUp } from '@toolshop/devstack/proxy.mjs';
import { BIG_BUYER, LARGE, loadLargeData } from '../scripts/large-data.mjs';
import { cpuSeconds, freePort, startIssuer, startMailSink, waitFor, runBench } from './harness.mjs';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    data: { type: 'string', default: 'large' },
    json: { type: 'string' },
    profile: { type: 'string' },
  },
});
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Calls measured per list (after WARM_UP calls not counted). */
const SAMPLES = 30;
const WARM_UP = 3;
const PLACEMENTS = 50;
const CSV_RUNS = 5;
const CONNECTIONS = 100;
const DB_NAME = 'toolshop_large';
const ADMIN = 'admin@toolshop.test';
const AUDIT_ENTRIES = 5000;
/**
 * Orders are spread over this many customers in turn, so none reaches its cap of unpaid orders,
 * and most place one order only (a customer's n-th unpaid order takes n slot inserts).
 */
const CUSTOMERS = 15_000;
const PAGE = 20;
const LOAD_RUNS = 1 + 4;
/** Start-up and loading, the lists and exports, then every load run (2 s warm-up each). */
const TIME_LIMIT_MS = (420 + LOAD_RUNS * (DURATION + 2 + 10)) * 1000;
const children = [];
const cleanups = [];

const round = (ms) => Math.round(ms * 10) / 10;
/** The q-quantile of sorted values (nearest rank: of 30 samples, p99 is the slowest). */
const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
/** The middle value (of an even count, the mean of the two middle ones). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle)
    ? (sorted[middle - 1] + sorted[middle]) / 2
    : sorted[Math.floor(middle)];
}
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function startApi(env, port, profile = false) {
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${resolvePath(options.profile)}`] : [];
  const child = spawn(process.execPath, [...flags, 'dist/main.js'], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}/health/ready`, child).then(() => child);
}

/**
 * The API builds its indexes (mongoose autoIndex) after it answers /health/ready: waits until the
 * indexes of every collection stay the same for 2 s, so ANALYZE and the lists see them all.
 */
async function waitForIndexes(db) {
  let last = '';
  let stableSince = Date.now();
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const names = [];
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
      for (const index of await db.collection(name).listIndexes().toArray())
        names.push(`${name}.${index.name}`);
    const snapshot = names.sort().join(',');
    if (snapshot !== last) [last, stableSince] = [snapshot, Date.now()];
    else if (Date.now() - stableSince >= 2000) return names.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the API was still creating indexes after two minutes');
}

/** One GET; throws unless it answers 200 with a body. */
async function call(url, token) {
  const started = performance.now();
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const body = await response.text();
  if (response.status !== 200 || body.length === 0 || body === '[]')
    throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
  return performance.now() - started;
}

/** p50 and p99 of SAMPLES calls one after another (WARM_UP more before, not counted). */
async function timeCalls(url, token) {
  for (let i = 0; i < WARM_UP; i++) await call(url, token);
  const times = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await call(url, token));
  times.sort((a, b) => a - b);
  return { p50: round(quantile(times, 0.5)), p99: round(quantile(times, 0.99)) };
}

/** A process's memory figure from /proc/<pid>/status, in kB: VmRSS (now) or VmHWM (peak so far). */
const memoryKb = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const mb = (kb) => Math.round(kb / 1024);

/** The CSV of every order: time to the first byte, to the last, lines, the API's RSS meanwhile. */
async function timeExport(url, token, pid) {
  let maxRss = memoryKb(pid, 'VmRSS');
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, memoryKb(pid, 'VmRSS'));
  }, 10);
  try {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    let firstByte;
    let lines = 0;
    for await (const chunk of response.body) {
      firstByte ??= performance.now() - started;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    }
    return {
      firstByte: round(firstByte),
      total: round(performance.now() - started),
      lines,
      maxRssMb: mb(Math.max(maxRss, memoryKb(pid, 'VmRSS'))),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** utime + stime (+ those of waited-for children: `withChildren`) of a process, in seconds. */
function processSeconds(pid, withChildren = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = [11, 12, ...(withChildren ? [13, 14] : [])].reduce(
      (sum, i) => sum + Number(fields[i]),
      0,
    );
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has spent busy (not idle, not waiting for the disk): /proc/stat. */
function machineSeconds() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/**
 * CPU seconds so far by role: this database's PostgreSQL (its backends serving FerretDB; its other
 * processes and the ones that ended: autovacuum, WAL writer, ...), FerretDB, HAProxy, the given
 * API processes, this process (autocannon, the issuer, the mail sink) and the whole machine.
 */
function cpuByRole(apiPids, { postmaster, ferretdbPort, proxyDir }) {
  const cpu = { postgres: 0, ferretdb: 0, api: 0, haproxy: 0, bench: 0 };
  const postgres = { backends: 0, other: postmaster ? processSeconds(postmaster, true) : 0 };
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === postmaster) continue;
    let parent;
    let command;
    try {
      parent = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      command = readFileSync(`/proc/${name}/cmdline`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (postmaster && parent === postmaster)
      postgres[command.includes('[local]') ? 'backends' : 'other'] += processSeconds(name);
    else if (/ferretdb/.test(command) && command.includes(`127.0.0.1:${ferretdbPort}\0`))
      cpu.ferretdb += processSeconds(name);
    else if (proxyDir && /haproxy/.test(command) && command.includes(proxyDir))
      cpu.haproxy += processSeconds(name);
  }
  cpu.postgres = postgres.backends + postgres.other;
  for (const pid of apiPids) cpu.api += cpuSeconds(pid) ?? 0;
  const own = process.cpuUsage();
  cpu.bench = (own.user + own.system) / 1e6;
  return {
    ...cpu,
    'postgres backends': postgres.backends,
    'postgres other': postgres.other,
    machine: machineSeconds(),
  };
}

/**
 * Transactions PostgreSQL has committed or rolled back so far, and the sessions (connections) it
 * has opened, not counting this query's own: [NaN, NaN] without our PostgreSQL.
 */
function postgresCounters(socket) {
  if (!socket) return [NaN, NaN];
  const query =
    "SELECT sum(xact_commit + xact_rollback) || ',' || sum(sessions) FROM pg_stat_database";
  const [transactions, sessions] = postgresSql(socket, query).trim().split(',').map(Number);
  return [transactions, sessions - 1];
}

/** POST /orders of the customers in turn, each ordering one unit of a product in stock. */
function orderRequest(tokens, toolIds, n) {
  return {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens[n % tokens.length]}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      toolId: toolIds[n % toolIds.length],
      address: '1 Bench Street',
      phone: '555-0100',
      orderQuantity: 1,
    }),
  };
}

/** POST /orders at CONNECTIONS connections for DURATION s (2 s at 10 before): figures and CPU by role. */
async function loadOrders(title, url, nextOrder, apiPids, processes) {
  const load = (connections, duration) =>
    autocannon({
      url,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/orders',
          setupRequest: (request) => ({ ...request, ...nextOrder() }),
        },
      ],
    });
  await load(10, 2);
  const before = cpuByRole(apiPids, processes);
  const countersBefore = postgresCounters(processes.postgresSocket);
  const result = await load(CONNECTIONS, DURATION);
  const after = cpuByRole(apiPids, processes);
  const [transactionsRun, sessionsRun] = postgresCounters(processes.postgresSocket).map(
    (value, i) => value - countersBefore[i],
  );
  const cpu = Object.fromEntries(
    Object.keys(after).map((role) => [role, round(after[role] - before[role])]),
  );
  const row = {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    // autocannon counts its timeouts among its errors.
    errors: result.errors,
    cpu,
    postgresSessions: sessionsRun,
    transactionsPerOrder: result.requests.total
      ? round(transactionsRun / result.requests.total)
      : undefined,
  };
  const share = (seconds) => `${Math.round((100 * seconds) / (DURATION * cpus().length))}%`;
  const perOrder = (seconds) =>
    result.requests.total ? round((1000 * seconds) / result.requests.total) : 'n/a';
  const ours = ['postgres', 'ferretdb', 'api', 'haproxy', 'bench'];
  cpu['other work'] = round(cpu.machine - ours.reduce((sum, role) => sum + cpu[role], 0));
  row.cpuMsPerOrder = Object.fromEntries(ours.map((role) => [role, perOrder(cpu[role])]));
  console.log(
    `  ${title}: ${row.rps} orders/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
  console.log(
    `    CPU s (share of ${cpus().length} cores × ${DURATION} s; ms per order): ${ours
      .map((role) => `${role} ${cpu[role]} (${share(cpu[role])}; ${perOrder(cpu[role])})`)
      .join(', ')}`,
  );
  console.log(
    `    postgres: ${Number.isNaN(transactionsRun) ? '' : `${row.transactionsPerOrder} transactions per order, ${sessionsRun} connections opened; `}backends ${cpu['postgres backends']}, other and ended processes ${cpu['postgres other']}; the whole machine ${cpu.machine} (${share(cpu.machine)}), of it other work ${cpu['other work']} (${share(cpu['other work'])})`,
  );
  return row;
}

async function main() {
  if (options.data !== 'large') throw new Error(`--data takes "large", got "${options.data}"`);
  console.log(`load average at the start: ${load()} on ${cpus().length} cores`);
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-bench-large-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const databasePort = await freePort(27180, 27199);
  const database = await startDatabase({ port: databasePort, dataDir });
  cleanups.push(() => database.stop());
  let postmaster;
  if (database.postgresSocket) {
    const pidFile = readFileSync(join(database.postgresSocket, '.s.PGSQL.5432.lock'), 'utf8');
    postmaster = Number(pidFile.split('\n')[0]);
  }
  const processes = {
    ferretdbPort: databasePort,
    postmaster,
    postgresSocket: database.postgresSocket,
  };
  const ports = [];
  for (let i = 0; i < 10; i++) ports.push(await freePort((ports.at(-1) ?? 5149) + 1, 5199));
  const [
    apiPort,
    issuerPort,
    smtpPort,
    oneFront,
    oneStats,
    manyFront,
    manyStats,
    ...instancePorts
  ] = ports;

  const client = await MongoClient.connect(database.uri);
  cleanups.push(() => client.close());
  const db = client.db(DB_NAME);
  if ((await db.collection('tools').estimatedDocumentCount()) > 0)
    throw new Error(`${DB_NAME} is not empty (MONGODB_URI must point at an empty database)`);
  const loaded = await loadLargeData(db, { publicUrl: 'http://127.0.0.1:5000', log: console.log });
  if (!loaded.loaded) throw new Error(`the large data was not loaded: ${loaded.reason}`);
  await db.collection('audit').insertMany(
    Array.from({ length: AUDIT_ENTRIES }, (_, i) => ({
      actor: ADMIN,
      action: 'product.restock',
      targetId: String(i),
      at: new Date(Date.now() - i * 1000),
    })),
  );
  const { server: issuerServer, issuer, tokens, sign } = await startIssuer(issuerPort, CUSTOMERS);
  cleanups.push(
    () =>
      new Promise((resolve) => {
        issuerServer.closeAllConnections();
        issuerServer.close(() => resolve(undefined));
      }),
  );
  const mailSink = await startMailSink(smtpPort);
  cleanups.push(() => new Promise((resolve) => mailSink.close(() => resolve(undefined))));
  const env = {
    MONGODB_URI: database.uri,
    MONGODB_DB: DB_NAME,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED: 'false',
    OIDC_ISSUER: issuer,
    OIDC_JWKS_URI: `${issuer}/jwks`,
    ADMIN_EMAILS: ADMIN,
    PUBLIC_URL: 'http://127.0.0.1:5000',
    RATE_LIMIT_WRITES: '1000000',
    RATE_LIMIT_ACCOUNT: '1000000',
    // No draining at the end: the servers stop at once and --cpu-prof writes its profiles.
    SHUTDOWN_DRAIN_MS: '0',
    PAYMENTS_PROVIDER: 'test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Uncached: every read goes to the database.
    CATALOG_CACHE_MS: '0',
  };
  const api = await startApi(env, apiPort, Boolean(options.profile));
  const indexes = await waitForIndexes(db);
  // Statistics as autovacuum would gather them within a minute of such a load.
  if (database.postgresSocket && !process.env.MONGODB_URI) {
    const started = performance.now();
    postgresSql(database.postgresSocket, 'ANALYZE');
    console.log(`${indexes} indexes; ANALYZE took ${Math.round(performance.now() - started)} ms`);
  }
  console.log(`database: ${database.kind}; API pid ${api.pid}; ${DURATION} s per load run`);

  const base = `http://127.0.0.1:${apiPort}`;
  const buyer = sign({ sub: 'large-big-buyer', email: BIG_BUYER, name: 'Demo Customer' });
  const admin = sign({ sub: 'large-admin', email: ADMIN, name: 'Admin', email_verified: true });
  const email = encodeURIComponent(BIG_BUYER);
  const anyOrder = String(
    (await db.collection('orders').findOne({ email: BIG_BUYER }, { projection: { _id: 1 } }))._id,
  );
  const stateLists = [];
  for (const state of ['unpaid', 'paid', 'shipped']) {
    const count = await db.collection('orders').countDocuments({ state });
    for (const page of [1, 100])
      if (count > (page - 1) * PAGE)
        stateLists.push([
          `Manage All Orders, ${state} (${count}), page ${page}`,
          `/adminOrders?state=${state}&limit=${PAGE}&page=${page}`,
          admin,
        ]);
  }
  // [title, path, token]: no token for the shop's public lists (a visitor's view).
  const lists = [
    [
      `My Orders of ${LARGE.bigBuyerOrders}, no page (${LIST_MAX_LIMIT} newest)`,
      `/orders?email=${email}`,
      buyer,
    ],
    ['My Orders, page 1', `/orders?email=${email}&limit=${PAGE}&page=1`, buyer],
    ['My Orders, page 50', `/orders?email=${email}&limit=${PAGE}&page=50`, buyer],
    ['Manage All Orders, page 1', `/adminOrders?limit=${PAGE}&page=1`, admin],
    ['Manage All Orders, page 100', `/adminOrders?limit=${PAGE}&page=100`, admin],
    ...stateLists,
    ['home reviews (Verified-buyer badges)', `/reviews?limit=${PAGE}`],
    ['reviews, page 100', `/reviews?limit=${PAGE}&page=100`],
    ['Manage Reviews, page 1', `/adminReviews?limit=${PAGE}&page=1`, admin],
    ['Manage Reviews, page 100', `/adminReviews?limit=${PAGE}&page=100`, admin],
    ['catalogue search ?q=drill', `/tools?q=drill&limit=${PAGE}`],
    ['category Saws sorted by price', `/tools?category=Saws&sort=price&limit=${PAGE}`],
    ['catalogue, page 100', `/tools?limit=${PAGE}&page=100`],
    ['audit log, page 1', `/audit?limit=${PAGE}`, admin],
    ['users (admin), page 50', `/user?limit=${PAGE}&page=50`, admin],
    ['one order by id', `/orders/${anyOrder}`, buyer],
  ];
  const rows = [];
  console.log(`\nlists (${SAMPLES} calls each, one after another, uncached):`);
  for (const [title, path, token] of lists) {
    const before = postgresCounters(database.postgresSocket);
    const figures = await timeCalls(base + path, token);
    // New PostgreSQL connections per call: FerretDB hands a connection to each cursor DocumentDB
    // keeps open (a find with a limit, an aggregate) and opens another for its pool.
    const [, connections] = postgresCounters(database.postgresSocket).map(
      (value, i) => value - before[i],
    );
    const perCall = round(connections / (WARM_UP + SAMPLES));
    rows.push({
      title,
      path,
      ...figures,
      target: 'p50 < 100 ms',
      met: figures.p50 < 100,
      ...(Number.isNaN(perCall) ? {} : { note: `${perCall} new PG connections/call` }),
    });
    console.log(
      `  ${title}: p50 ${figures.p50} ms, p99 ${figures.p99} ms${Number.isNaN(perCall) ? '' : `, ${perCall} new PostgreSQL connections a call`}   GET ${path}`,
    );
  }

  const rssBeforeMb = mb(memoryKb(api.pid, 'VmRSS'));
  const peakBeforeMb = mb(memoryKb(api.pid, 'VmHWM'));
  const exports = [];
  console.log(`\nCSV export of every order (${CSV_RUNS} runs):`);
  for (let i = 0; i < CSV_RUNS; i++) {
    const run = await timeExport(`${base}/adminOrders/export.csv`, admin, api.pid);
    exports.push(run);
    console.log(
      `  first byte ${run.firstByte} ms, whole ${run.total} ms, ${run.lines} lines, API RSS at most ${run.maxRssMb} MB`,
    );
  }
  const expectedLines = LARGE.orders + 1;
  const csv = {
    firstByte: median(exports.map((run) => run.firstByte)),
    firstByteMax: Math.max(...exports.map((run) => run.firstByte)),
    total: median(exports.map((run) => run.total)),
    totalMax: Math.max(...exports.map((run) => run.total)),
    lines: exports.map((run) => run.lines),
    rssBeforeMb,
    peakBeforeMb,
    maxRssMb: Math.max(...exports.map((run) => run.maxRssMb)),
    peakAfterMb: mb(memoryKb(api.pid, 'VmHWM')),
  };
  const linesRight = csv.lines.every((lines) => lines === expectedLines);
  console.log(
    `  median: first byte ${csv.firstByte} ms, whole ${csv.total} ms; lines ${linesRight ? `${expectedLines} (header included) each run` : `WRONG: ${csv.lines.join(', ')} (expected ${expectedLines})`}`,
  );
  console.log(
    `  API memory: RSS ${rssBeforeMb} MB before, at most ${csv.maxRssMb} MB during; peak (VmHWM) ${peakBeforeMb} MB before, ${csv.peakAfterMb} MB after`,
  );
  rows.push(
    {
      title: 'CSV export of all orders: first byte',
      p50: csv.firstByte,
      p99: csv.firstByteMax,
      target: 'p50 < 500 ms',
      met: csv.firstByte < 500,
    },
    {
      title: `CSV export of all orders: whole, ${linesRight ? expectedLines : 'WRONG'} lines`,
      p50: csv.total,
      p99: csv.totalMax,
      target: 'p50 < 5000 ms',
      met: csv.total < 5000 && linesRight,
    },
  );

  // Products anyone can order one unit of, with stock for every order of the run.
  const toolIds = (
    await db
      .collection('tools')
      .find(
        { available: { $gte: 1000 }, minOrder: 1, packSize: { $exists: false } },
        { projection: { _id: 1 } },
      )
      .limit(500)
      .toArray()
  ).map((tool) => String(tool._id));
  let placed = 0;
  const nextOrder = () => orderRequest(tokens, toolIds, placed++);
  const placements = [];
  console.log(`\nplacing orders one after another (${PLACEMENTS}, ${WARM_UP} before):`);
  for (let i = 0; i < WARM_UP + PLACEMENTS; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/orders`, nextOrder());
    const body = await response.text();
    if (response.status !== 201 || !body)
      throw new Error(`POST /orders: ${response.status} ${body.slice(0, 200)}`);
    if (i >= WARM_UP) placements.push(performance.now() - started);
  }
  placements.sort((a, b) => a - b);
  const placing = { p50: round(quantile(placements, 0.5)), p99: round(quantile(placements, 0.99)) };
  console.log(`  p50 ${placing.p50} ms, p99 ${placing.p99} ms`);
  rows.push({
    title: 'placing an order (POST /orders), one at a time',
    ...placing,
    target: 'p50 < 150 ms',
    met: placing.p50 < 150,
  });

  console.log(`\nPOST /orders at ${CONNECTIONS} connections, one API process (direct):`);
  const direct = await loadOrders('1 API process', base, nextOrder, [api.pid], processes);
  rows.push({
    title: `POST /orders at ${CONNECTIONS} connections`,
    p50: direct.p50,
    p99: direct.p99,
    target: 'p99 < 300 ms',
    met: direct.p99 < 300 && direct.non2xx + direct.errors === 0,
    note: `${direct.rps} orders/s, non-2xx ${direct.non2xx}, errors ${direct.errors}; CPU ms per order: api ${direct.cpuMsPerOrder.api}, ferretdb ${direct.cpuMsPerOrder.ferretdb}, postgres ${direct.cpuMsPerOrder.postgres}`,
  });

  const proxied = [];
  if (spawnSync(HAPROXY, ['-v'], { stdio: 'ignore' }).status !== 0) {
    console.warn(
      'WARNING: no HAProxy (apt-get install haproxy): 3 API processes against 1 left out',
    );
  } else {
    const instances = [];
    for (const port of instancePorts.slice(0, 3))
      instances.push(await startApi({ ...env, TRUST_PROXY: '1' }, port));
    cleanups.push(() => stopAll());
    const proxyDir = mkdtempSync(join(tmpdir(), 'toolshop-bench-large-proxy-'));
    cleanups.push(async () => rmSync(proxyDir, { recursive: true, force: true }));
    const one = await startHaproxy(
      { api: { port: oneFront, servers: instancePorts.slice(0, 1) }, statsPort: oneStats },
      { runDir: join(proxyDir, 'one'), quiet: true },
    );
    const many = await startHaproxy(
      { api: { port: manyFront, servers: instancePorts.slice(0, 3) }, statsPort: manyStats },
      { runDir: join(proxyDir, 'many'), quiet: true },
    );
    await Promise.all([waitForServersUp(one.statsUrl), waitForServersUp(many.statsUrl)]);
    console.log(
      `\nPOST /orders at ${CONNECTIONS} connections through HAProxy, taking turns (load average ${load()}):`,
    );
    for (const [run, count] of [1, 3, 1, 3].entries()) {
      const url = `http://127.0.0.1:${count === 1 ? oneFront : manyFront}`;
      const pids = instances.slice(0, count).map((child) => child.pid);
      const title = `run ${run + 1}: HAProxy + ${count} API process${count > 1 ? 'es' : ''}`;
      proxied.push({
        count,
        ...(await loadOrders(title, url, nextOrder, pids, { ...processes, proxyDir })),
      });
    }
    const medianRow = (count) => {
      const runs = proxied.filter((row) => row.count === count);
      return {
        rps: median(runs.map((row) => row.rps)),
        p50: median(runs.map((row) => row.p50)),
        p99: median(runs.map((row) => row.p99)),
        failed: runs.reduce((sum, row) => sum + row.non2xx + row.errors, 0),
      };
    };
    const [oneRow, manyRow] = [medianRow(1), medianRow(3)];
    for (const [count, row] of [
      [1, oneRow],
      [3, manyRow],
    ])
      rows.push({
        title: `POST /orders via HAProxy, ${count} API process${count > 1 ? 'es' : ''} (median)`,
        p50: row.p50,
        p99: row.p99,
        target: count === 3 ? 'more orders/s than 1' : '',
        met: count === 1 || row.rps > oneRow.rps,
        note: `${Math.round(row.rps)} orders/s${row.failed ? `, ${row.failed} failed` : ''}`,
      });
  }

  const loadEnd = load();
  const width = Math.max(...rows.map((row) => row.title.length)) + 2;
  console.log(
    `\n=== the API at ${LARGE.tools} products, ${LARGE.orders} orders, ${LARGE.reviews} reviews, uncached (${database.kind}) ===`,
  );
  console.log(
    `  ${'endpoint'.padEnd(width)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}   target`,
  );
  for (const row of rows)
    console.log(
      `  ${row.title.padEnd(width)}${String(row.p50).padStart(9)}${String(row.p99).padStart(9)}   ${row.target}${row.met ? '' : '  MISSED'}${row.note ? `   (${row.note})` : ''}`,
    );
  console.log(
    `(lists: ${SAMPLES} calls each, p99 = the slowest; load average at the end: ${loadEnd} on ${cpus().length} cores; other work on the machine raises every figure)`,
  );
  if (options.json)
    writeFileSync(
      options.json,
      JSON.stringify(
        { rows, csv: { ...csv, runs: exports }, placing, direct, proxied, loadavg: loadavg() },
        null,
        2,
      ),
    );
}

runBench(main, { children, cleanups, timeLimitMs: TIME_LIMIT_MS });
