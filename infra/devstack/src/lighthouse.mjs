// `npm run lighthouse`: Lighthouse (mobile settings, simulated throttling) against the production
// build of the composed home page, with Debian's Chromium. Prints the category scores, the main
// metrics and the JavaScript the page loads (gzip), split into shell and storefront.
//
//   npm run lighthouse                 builds, starts the shop on TOOLSHOP_PORT_OFFSET, measures, stops
//   npm run lighthouse -- --url URL    measures a shop that is already running (no build, no start)
//   add --desktop for Lighthouse's desktop preset, --json FILE to keep the full report,
//   --runs N to measure N times and report the median run (by performance score; the host is noisy),
//   --cpu-slowdown N to replace the 4x CPU multiplier on a slow or busy host (see the benchmark
//   index printed: Lighthouse expects about 1000 or more; docs/throttling.md in its repository),
//   --cookie 'name=value' to send a cookie with every request (toolshop_signed_in=1: the page as a
//   browser with the shell's session hint gets it).
//   npm run lighthouse -- --all [--url URL]   every public page (publicPages below), median of 3
//   runs each unless --runs says otherwise, one table at the end (scores, FCP, LCP, TBT, CLS, the longest task, JS),
//   and last a static HTML page served from memory: the host's floor under every row.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { pageBudgets } from './page-budgets.mjs';
import { stopAllOnExit } from './processes.mjs';
import { stackPorts } from '@toolshop/web-server/runtime-files.mjs';
import { buildStack, startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    desktop: { type: 'boolean', default: false },
    json: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'cpu-slowdown': { type: 'string' },
    all: { type: 'boolean', default: false },
    cookie: { type: 'string' },
  },
});

/**
 * The public pages `--all` measures (each with a budget), paths on the shell's origin; the tool
 * detail page takes the newest tool the API lists. A visitor there is sent to /login (the page is
 * login-required): what it measures is that visit.
 */
const publicPages = Object.keys(pageBudgets);

/** Builds and starts the shop as `npm start` does, on a fresh database in a temporary folder. */
async function startShop() {
  await buildStack();
  const offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0);
  stack = await startStack({
    offset,
    dataDir: mkdtempSync(join(tmpdir(), 'toolshop-lighthouse-')),
    quiet: true,
  });
  return `${stack.shell}/`;
}

/** Gzip size of each script the page loaded, fetched again so the figure does not depend on the server's compression. */
async function scriptBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return Promise.all(
    scripts.map(async ({ url, transferSize }) => {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      return { url, raw: body.length, gzip: gzipSync(body).length, transferSize };
    }),
  );
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The main thread's tasks of 50 ms or more, as Lighthouse's throttling makes them (its long-tasks
 * audit, which lists no shorter one): the longest is what the "no task over 50 ms" target reads.
 */
const longTasks = (lhr) => lhr.audits['long-tasks']?.details?.items ?? [];
const longestTask = (lhr) => Math.max(0, ...longTasks(lhr).map((task) => task.duration));
/**
 * The page's longest main-thread task by the renderer's own CPU time (the trace's thread clock),
 * times the CPU slowdown. Lighthouse times tasks by the wall clock, and on a 2-core host a task
 * also waits for the cores Chromium's other processes, Lighthouse and the shop's servers are
 * using meanwhile (5 ms of work measured 20 ms): this is what the page's own work costs.
 */
function longestTaskCpu(events, slowdown) {
  const busiest = new Map();
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || !mainThreads.has(thread)) continue;
    busiest.set(thread, (busiest.get(thread) ?? 0) + (e.dur ?? 0));
  }
  const [page] = [...busiest].sort((a, b) => b[1] - a[1])[0] ?? [];
  const cpu = events
    .filter((e) => e.name === 'RunTask' && `${e.pid}:${e.tid}` === page)
    .map((e) => e.tdur ?? 0);
  return (Math.max(0, ...cpu) / 1000) * slowdown;
}

const taskText = (ms) => (ms < 50 ? '< 50 ms' : `${Math.round(ms)} ms`);
// The home page's JavaScript budget (gzip, all scripts of the page): README's performance section.
const jsBudget = pageBudgets['/'];

/**
 * One visit before measuring, as a real first visitor after a deploy would find it: the static
 * servers have compressed and cached every file the home page loads (the browser's cache is not
 * reused: Lighthouse starts its own Chromium with a fresh profile).
 */
async function warmUp(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    // (a cold server compresses each file on its first request: minutes on a busy host)
    await page.goto(url, { waitUntil: 'networkidle', timeout: 180_000 });
  } finally {
    await browser.close();
  }
}

/** The shell's URL of a public page: /tools/{id} with a tool of the shop's API (its /config.json names it). */
async function pageUrl(shellUrl, path) {
  if (!path.includes('{id}')) return new URL(path, shellUrl).href;
  const { apiUrl } = await (await fetch(new URL('/config.json', shellUrl))).json();
  const [tool] = await (await fetch(`${apiUrl}/tools?limit=1&page=1`)).json();
  if (!tool?._id) throw new Error('the API lists no tool to measure /tools/{id} with');
  return new URL(path.replace('{id}', tool._id), shellUrl).href;
}

/** The median of `runs` Lighthouse runs of one URL (by performance score, then TBT), and every run. */
async function medianRun(url, runs) {
  const all = [];
  for (let run = 0; run < Math.max(1, runs); run++) all.push(await measure(url));
  const score = (r) => r.categories.performance?.score ?? 0;
  const tbt = (r) => r.audits['total-blocking-time']?.numericValue ?? 0;
  // Runs of the same score (all 100, say) in order of their TBT, worst first like the scores: the
  // median run is then the one of the median TBT among them, not whichever ran second.
  return {
    lhr: [...all].sort((a, b) => score(a) - score(b) || tbt(b) - tbt(a))[
      Math.floor((all.length - 1) / 2)
    ],
    all,
  };
}

/** One page's median run as a row of the `--all` table. */
async function measureRow(page, url, runs) {
  await warmUp(url);
  const { lhr, all } = await medianRun(url, runs);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const js = (await scriptBytes(lhr)).reduce((sum, s) => sum + s.gzip, 0);
  const row = {
    page,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    js,
    // Every run's: the median run's alone hides how often a page goes over.
    longest: all.map(longestTask),
    longestCpu: all.map((r) => r.longestTaskCpu),
    runs: all.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
  };
  console.log(`  measured ${page}: ${row.performance} (runs ${row.runs.join(', ')})`);
  return row;
}

/**
 * The host's floor: a page of two lines of HTML (no script, stylesheet or image) served from memory.
 * What Lighthouse reports for it is the measurement's own cost on this machine (Chromium's browser
 * and GPU processes, the trace's screenshots, the servers on the same cores): on 2 cores its
 * longest task alone is often over 50 ms by the wall clock.
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="A static page"></head><body><h1>A static page</h1><p>Nothing but HTML.</p></body></html>';

async function measureFloor(runs) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(FLOOR_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  try {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    return await measureRow('(static HTML, the floor)', `http://127.0.0.1:${port}/`, runs);
  } finally {
    server.close();
  }
}

/** `--all`: every public page, its median run in one row of a table, and the host's floor. */
async function measureAll(shellUrl) {
  const runs = args.runs === '1' ? 3 : Number(args.runs);
  const rows = [];
  for (const path of publicPages)
    rows.push(await measureRow(path, await pageUrl(shellUrl, path), runs));
  rows.push(await measureFloor(runs));
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `\nLighthouse, ${args.desktop ? 'desktop' : 'mobile'} settings, median of ${runs} runs per page, ${shellUrl} (host load ${load})\n`,
  );
  console.log(
    '| page | Performance | FCP | LCP | TBT | CLS | longest task, each run | by CPU, each run | JS (gzip) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  for (const r of rows)
    console.log(
      `| ${r.page} | ${r.performance} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.longest.map(taskText).join(', ')} | ${r.longestCpu.map((ms) => `${Math.round(ms)} ms`).join(', ')} | ${kB(r.js)} |`,
    );
  if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
}

async function measure(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const cpuSlowdown = args['cpu-slowdown'];
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ...(args.cookie ? { extraHeaders: { Cookie: args.cookie } } : {}),
        ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: Number(cpuSlowdown) } } : {}),
      },
      args.desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    // Kept with the report (not a Lighthouse field): the trace is not.
    result.lhr.longestTaskCpu = longestTaskCpu(
      result.artifacts.Trace?.traceEvents ?? [],
      result.lhr.configSettings.throttling.cpuSlowdownMultiplier,
    );
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** One page: the median run's scores and metrics, and the JavaScript it loads. */
async function measureOne(url) {
  await warmUp(url);
  const { lhr, all: runs } = await medianRun(url, Number(args.runs));
  const score = (r) => r.categories.performance?.score ?? 0;
  if (runs.length > 1) {
    console.log(
      `\n${runs.length} runs (performance, FCP, LCP, TBT, CLS, longest task); the median run follows:`,
    );
    for (const r of runs) {
      const value = (id) => r.audits[id]?.displayValue;
      console.log(
        `  ${Math.round(score(r) * 100)}  ${['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(value).join('  ')}  ${taskText(longestTask(r))} (CPU ${Math.round(r.longestTaskCpu)} ms)`,
      );
    }
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(lhr, null, 2));
  // The host is shared: its load while measuring says how much the figures can be trusted.
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

  const { throttling } = lhr.configSettings;
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion}, ${args.desktop ? 'desktop' : 'mobile'} settings, ${url} (host load ${load})`,
  );
  console.log(
    `  (${throttling.cpuSlowdownMultiplier}x CPU slowdown, ${Math.round(throttling.throughputKbps)} kbit/s, ${throttling.rttMs} ms RTT; host benchmark index ${lhr.environment.benchmarkIndex}${lhr.environment.benchmarkIndex < 1000 ? ': slower than Lighthouse expects, scores are pessimistic' : ''})`,
  );
  for (const category of Object.values(lhr.categories)) {
    console.log(`  ${category.title.padEnd(16)} ${Math.round(category.score * 100)}`);
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    const audit = lhr.audits[id];
    if (audit) console.log(`  ${audit.title.padEnd(26)} ${audit.displayValue}`);
  }
  if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.message}`);
  console.log(
    `  Longest task               ${taskText(longestTask(lhr))} (by the page's CPU time: ${Math.round(lhr.longestTaskCpu)} ms)`,
  );
  for (const task of longTasks(lhr))
    console.log(
      `    ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url || 'unattributed'}`,
    );

  const scripts = await scriptBytes(lhr);
  // Name each origin after the app whose port it is (shell, storefront...), with --url as the shell.
  const appOf = new Map(Object.entries(stackPorts()).map(([name, port]) => [String(port), name]));
  const shellHost = new URL(url).host;
  const groups = new Map();
  for (const s of scripts) {
    const { host, port } = new URL(s.url);
    const group = host === shellHost ? 'shell' : (appOf.get(port) ?? host);
    groups.set(group, (groups.get(group) ?? 0) + s.gzip);
  }
  console.log('\nJavaScript loaded by the home page (gzip -6):');
  for (const s of scripts) console.log(`  ${kB(s.gzip).padStart(9)}  ${s.url}`);
  for (const [group, bytes] of groups)
    console.log(`  ${kB(bytes).padStart(9)}  total from ${group}`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`  ${kB(total).padStart(9)}  total`);
  // As the browser received it (the static servers send brotli): what Lighthouse counts.
  const transfer = scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0);
  console.log(`  ${kB(transfer).padStart(9)}  total transfer size (as sent)`);
  // A measurement, not a test: the home page's JavaScript budget is reported, never enforced.
  console.log(
    `  budget ${kB(jsBudget)} gzip: ${total <= jsBudget ? 'within' : `over by ${kB(total - jsBudget)}`}`,
  );
}

let stack;
stopAllOnExit(async () => stack?.stop());
let exitCode = 0;
try {
  const url = args.url ?? (await startShop());
  await (args.all ? measureAll(url) : measureOne(url));
} catch (error) {
  console.error(`lighthouse: ${error.message}`);
  exitCode = 1;
} finally {
  await stack?.stop();
}
process.exit(exitCode);
