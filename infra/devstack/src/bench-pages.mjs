// `npm run bench:pages`: the signed-in pages' time from navigation to content, at Lighthouse's mobile
// CPU slowdown (CDP Emulation.setCPUThrottlingRate 4), for a full load and for a client-side
// navigation from another page of the site, twice: a pointer resting on the link first, as a
// person's does (the shell prefetches the remote page and its data on that intent), and a click at
// once (what is left without that head start), side by side in one run; and each run's longest
// main-thread task, by the wall clock at that slowdown and by the renderer's CPU as Lighthouse's
// simulated throttling counts it (the same runs again at full speed, each task's CPU time times
// the slowdown), in all and from the first contentful paint on. A measurement, not a test: it
// prints a table.
//
//   npm run bench:pages                   builds, starts the shop on TOOLSHOP_PORT_OFFSET, measures, stops
//   npm run bench:pages -- --url URL      measures a shop that is already running
//   --runs N (default 3, the median is reported), --cpu-slowdown N (default 4), --json FILE,
//   --only NAME[,NAME…] (the pages of those names, e.g. --only 'Manage All Orders')
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { demoAccounts } from '@toolshop/settings';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { stopAllOnExit } from './processes.mjs';
import { buildStack, startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'cpu-slowdown': { type: 'string', default: '4' },
    json: { type: 'string' },
    only: { type: 'string' },
  },
});

/**
 * The measured pages: who signs in, where a client-side navigation starts and the link it follows.
 * `{tool}`: the id of the newest tool the API lists.
 */
const pages = [
  {
    // prerendered, then the signed-in shopper's own page (the first page of most visits)
    name: 'Home',
    account: 'customer',
    path: '/',
    from: '/blogs',
    link: { role: 'link', name: 'Home', exact: true },
  },
  {
    name: 'Tool detail',
    account: 'customer',
    path: '/tools/{tool}',
    from: '/',
    link: { role: 'link', name: /buy now/i },
  },
  {
    name: 'My Orders',
    account: 'customer',
    path: '/dashboard/myOrders',
    from: '/dashboard',
    link: { role: 'link', name: 'My Orders' },
  },
  {
    name: 'Quick Order',
    account: 'customer',
    path: '/dashboard/quickOrder',
    from: '/dashboard',
    link: { role: 'link', name: 'Quick Order' },
  },
  {
    name: 'Manage All Orders',
    account: 'admin',
    path: '/dashboard/manageOrders',
    from: '/dashboard',
    link: { role: 'link', name: 'Manage All Orders' },
  },
  {
    name: 'Manage Products',
    account: 'admin',
    path: '/dashboard/manageProducts',
    from: '/dashboard',
    link: { role: 'link', name: 'Manage Products' },
  },
];

async function signIn(page, shell, account) {
  const { email, password } = demoAccounts[account];
  await page.goto(`${shell}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByText(email)
    .waitFor({ timeout: 60_000 });
}

/**
 * Runs in the page from its start (an init script): checks at every animation frame whether the page
 * has its content, and keeps the end of the first frame that paints it in `__contentAt`, so the
 * time is taken in the page itself, not when a poll from the test driver gets there.
 * `__watchContent(path)` starts over for a navigation.
 */
function watchContent() {
  // `path` in the DOM with its content, no placeholder left: a heading in <main>, nothing busy, no
  // loading spinner or skeleton.
  const contentShown = (path) => {
    const main = document.querySelector('main');
    const here = window.location.pathname.toLowerCase() === path.toLowerCase();
    const heading = main?.querySelector('h1, h2');
    // Not the page the click left: its heading stays until the next page renders.
    const left = window.__left;
    const ready =
      here &&
      heading &&
      !(left && heading === left.heading && heading.textContent === left.text) &&
      !main.querySelector(
        '[aria-busy="true"], [role="status"][aria-label^="Loading"], [role="status"][aria-label^="Checking"], span[aria-hidden="true"][style*="height"]',
      );
    return Boolean(ready);
  };
  let watching = 0;
  const watch = (path) => {
    const run = ++watching;
    const check = () => {
      if (run !== watching) return;
      if (!contentShown(path ?? window.location.pathname)) {
        requestAnimationFrame(check);
        return;
      }
      // Shown once this frame has laid it out and painted: the first task after the frame. (Taken
      // in the animation frame itself, the moment left out the frame's layout and paint, which
      // a page that lays itself out before the frame then counted and one that does not did not.)
      const painted = new MessageChannel();
      painted.port1.onmessage = () => {
        if (run === watching) window.__contentAt ??= performance.now();
      };
      painted.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  };
  // The main thread's tasks over 50 ms (the Long Tasks API), as [start, duration].
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
  window.__watchContent = (path) => {
    const heading = document.querySelector('main')?.querySelector('h1, h2');
    window.__left = heading ? { heading, text: heading.textContent } : undefined;
    window.__contentAt = undefined;
    watch(path);
  };
  watch();
}

/** The page's tasks after the content shows (the rest of the page rendering) that still count. */
const SETTLE_MS = 1000;

/**
 * The longest task from `from` (performance.now()) to SETTLE_MS after the content, 0 when none took
 * over 50 ms (what the Long Tasks API reports).
 */
async function longestTask(page, from) {
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate(
    ([from, settle]) =>
      Math.max(
        0,
        ...window.__longTasks
          .filter(([start]) => start >= from && start <= window.__contentAt + settle)
          .map(([, duration]) => duration),
      ),
    [from, SETTLE_MS],
  );
}

/**
 * The longest task of the page's main thread by its own CPU time times `slowdown`, from a trace of
 * `run` at full speed (Chromium's `RunTask` events and their thread time): Lighthouse's simulated
 * throttling, which `npm run lighthouse` uses for the public pages. Chromium's own slowdown is no
 * measure of a task's work on a shared host: it stops the thread after each slice it ran for
 * (slowdown - 1) times the slice's wall time, busy-waiting on the thread's CPU, so a slice in which
 * other processes had the core costs that time thrice over (a frame measured 17-21 ms of CPU at full
 * speed measured 65-185 ms at 4x, 4 to 7 times as much). Also the longest from the page's first
 * contentful paint on, what can block a person (Lighthouse's TBT counts from there): before it, a
 * full load's tasks start the document (Chromium's commit, the shell's main.js). And the longest
 * of the page's own tasks: all but Chromium's commit of the navigation (the task that makes the
 * new document and its window, 45-60 ms of CPU at 4x on any page, before any of its scripts).
 */
async function longestTaskByCpu(browser, page, run, slowdown) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  let result;
  try {
    result = await run();
  } finally {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    // the page's renderers (the trace holds every process of the browser, other tabs' too)
    const pageProcesses = new Set(
      traceEvents
        .flatMap((e) =>
          e.name === 'TracingStartedInBrowser'
            ? (e.args?.data?.frames ?? [])
            : e.name === 'FrameCommittedInBrowser'
              ? [e.args?.data]
              : [],
        )
        .filter((frame) => frame?.isOutermostMainFrame)
        .map((frame) => frame.processId),
    );
    const mains = new Set(
      traceEvents
        .filter(
          (e) =>
            e.name === 'thread_name' &&
            e.args?.name === 'CrRendererMain' &&
            pageProcesses.has(e.pid),
        )
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const onMain = traceEvents.filter(
      (e) => e.ph === 'X' && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`),
    );
    const longestOf = (tasks) =>
      tasks.reduce((a, b) => ((b.tdur ?? 0) > (a?.tdur ?? 0) ? b : a), undefined);
    const tasks = onMain.filter((e) => e.name === 'RunTask');
    const longest = longestOf(tasks);
    const commits = onMain.filter((e) => e.name === 'CommitLoad');
    const longestOwn = longestOf(
      tasks.filter((task) => !commits.some((commit) => within(task, commit))),
    );
    const painted = traceEvents.findLast(
      (e) => e.name === 'firstContentfulPaint' && mains.has(`${e.pid}:${e.tid}`),
    );
    // a client-side navigation's page is on screen throughout: every task counts
    const longestAfterPaint = painted
      ? longestOf(tasks.filter((e) => e.ts >= painted.ts))
      : longest;
    const scaled = (task) => ((task?.tdur ?? 0) / 1000) * slowdown;
    if (result) {
      result.cpuTask = scaled(longest);
      result.cpuTaskParts = longest ? partsOf(longest, onMain, slowdown) : {};
      result.cpuTaskOwn = scaled(longestOwn);
      result.cpuTaskOwnParts = longestOwn ? partsOf(longestOwn, onMain, slowdown) : {};
      result.cpuTaskAfterPaint = scaled(longestAfterPaint);
      result.cpuTaskAfterPaintParts = longestAfterPaint
        ? partsOf(longestAfterPaint, onMain, slowdown)
        : {};
    }
  }
  return result;
}

/** Whether trace event `e` ran inside `outer`, on the same thread. */
const within = (outer, e) =>
  e !== outer &&
  e.pid === outer.pid &&
  e.tid === outer.tid &&
  e.ts >= outer.ts &&
  e.ts + e.dur <= outer.ts + outer.dur;

/**
 * What a task did, by CPU ms (times `slowdown`) of its direct children's names (in the --json file,
 * to tell tasks apart).
 */
function partsOf(task, events, slowdown) {
  const inside = events.filter((e) => within(task, e));
  const parts = {};
  for (const e of inside) {
    if (inside.some((outer) => outer.dur > e.dur && within(outer, e))) continue;
    parts[e.name] = Math.round((parts[e.name] ?? 0) + ((e.tdur ?? 0) / 1000) * slowdown);
  }
  // which frame it was: the layout objects it laid out of those on the page ("dirty/total")
  const layouts = inside
    .filter((e) => e.name === 'Layout' && e.args?.beginData)
    .map((e) => `${e.args.beginData.dirtyObjects}/${e.args.beginData.totalObjects}`);
  if (layouts.length > 0) parts.layoutObjects = layouts.join(' ');
  // which script it ran (a file's name)
  const scripts = inside
    .filter((e) => e.name === 'EvaluateScript' && e.args?.data?.url)
    .map((e) => new URL(e.args.data.url).pathname.split('/').pop());
  if (scripts.length > 0) parts.scripts = scripts.join(' ');
  return parts;
}

/**
 * `run` timed at the CPU slowdown, or with `cpuSlowdown` traced at full speed for its longest task
 * by CPU (`longestTaskByCpu`).
 */
const timedOrTraced = (browser, page, run, cpuSlowdown) =>
  cpuSlowdown ? longestTaskByCpu(browser, page, run, cpuSlowdown) : run();

/**
 * Milliseconds from the start of a full load of `path` to its content, and its longest task by the
 * wall clock (and by CPU, traced).
 */
async function fullLoad(browser, page, shell, path, cpuSlowdown) {
  return timedOrTraced(
    browser,
    page,
    async () => {
      await page.goto(`${shell}${path}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__contentAt !== undefined, null, {
        timeout: 120_000,
      });
      // a mistyped path times the not-found page instead (as Tool detail's did until 2026-12-01)
      if (/not found|doesn't exist/i.test(await page.title()))
        throw new Error(`${path}: not found`);
      return {
        ms: await page.evaluate(() => window.__contentAt),
        task: await longestTask(page, 0),
      };
    },
    cpuSlowdown,
  );
}

/**
 * Milliseconds from the click on the link (after a pointer rested on it `restMs`) to the content of
 * `path`, and the longest task from the click on by the wall clock (and by CPU, traced).
 */
async function clientNavigation(browser, page, shell, { from, link }, restMs, cpuSlowdown) {
  await page.goto(`${shell}${from}`);
  const target = page.getByRole(link.role, { name: link.name, exact: link.exact }).first();
  await target.waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  // where the link leads (the first Buy Now is the home page's first tool, not necessarily `path`'s)
  const to = new URL(await target.getAttribute('href'), shell).pathname;
  if (restMs > 0) {
    await target.hover();
    // A person's pointer rests a moment before the click (intent); the prefetch runs meanwhile.
    await page.waitForTimeout(restMs);
  }
  // Clicked from within the page, the time taken there: the test driver's own work around a click
  // (its page script, actionability checks: about 90 ms at 4x) is not the shop's. The link is found,
  // and the driver's evaluation set up in this document, before the trace: its role query and its
  // first evaluation (30-60 ms of CPU at 4x) would otherwise be the run's longest task.
  const handle = await target.elementHandle();
  await handle.evaluate(() => 0);
  return timedOrTraced(
    browser,
    page,
    async () => {
      await handle.evaluate((element, path) => {
        window.__watchContent(path);
        window.__clickAt = performance.now();
        element.click();
      }, to);
      await page.waitForFunction(() => window.__contentAt !== undefined, null, {
        timeout: 120_000,
      });
      const clickAt = await page.evaluate(() => window.__clickAt);
      return {
        ms: await page.evaluate(() => window.__contentAt - window.__clickAt),
        task: await longestTask(page, clickAt),
      };
    },
    cpuSlowdown,
  );
}

const only = args.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !pages.some((p) => p.name === name));
if (unknown?.length) {
  console.error(
    `No measured page is called ${unknown.join(', ')}: ${pages.map((p) => p.name).join(', ')}`,
  );
  process.exit(2);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function newestToolId(shell) {
  const { apiUrl } = await (await fetch(`${shell}/config.json`)).json();
  const [tool] = await (await fetch(`${apiUrl}/tools?limit=1&page=1`)).json();
  return tool._id;
}

async function measure(shell) {
  // With its back/forward cache on, as a person's Chromium has it (Playwright turns it off): a full
  // load from another page of the site then keeps that page frozen rather than tearing it down in
  // the new page's first task (10-17 ms of CPU at 4x after Manage All Orders).
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  const rows = [];
  try {
    const tool = await newestToolId(shell);
    const measured = pages.filter((p) => !only || only.includes(p.name));
    for (const account of new Set(measured.map((p) => p.account))) {
      const context = await browser.newContext();
      await context.addInitScript(watchContent);
      // The timed navigations follow one another in one tab, as a person's do.
      const page = await context.newPage();
      await signIn(page, shell, account);
      const cdp = await context.newCDPSession(page);
      const slowdown = Number(args['cpu-slowdown']);
      const throttled = async (tab, rate, navigate) => {
        await (tab === page ? cdp : await context.newCDPSession(tab)).send(
          'Emulation.setCPUThrottlingRate',
          { rate },
        );
        return navigate(tab);
      };
      // The traced ones each in a tab of its own (the session is in the context's storage): in the
      // one tab every run's documents stayed in its renderer, and garbage collections grew with
      // them (pauses of 50-220 ms at 4x after some 30 loads), the bench's history, not the page's
      // work.
      const inNewTab = async (navigate) => {
        const tab = await context.newPage();
        try {
          return await throttled(tab, 1, navigate);
        } finally {
          await tab.close();
        }
      };
      for (const spec of measured.filter((p) => p.account === account)) {
        const path = spec.path.replace('{tool}', tool);
        const navigations = {
          full: (tab, cpu) => fullLoad(browser, tab, shell, path, cpu),
          client: (tab, cpu) => clientNavigation(browser, tab, shell, { ...spec, path }, 300, cpu),
          atOnce: (tab, cpu) => clientNavigation(browser, tab, shell, { ...spec, path }, 0, cpu),
        };
        const runs = { full: [], client: [], atOnce: [] };
        for (let run = 0; run < Math.max(1, Number(args.runs)); run++) {
          // each navigation timed at the slowdown, then traced again at full speed
          for (const [kind, navigate] of Object.entries(navigations)) {
            const timed = await throttled(page, slowdown, (tab) => navigate(tab));
            const traced = await inNewTab((tab) => navigate(tab, slowdown));
            runs[kind].push({
              ...timed,
              cpuTask: traced.cpuTask,
              cpuTaskParts: traced.cpuTaskParts,
              cpuTaskOwn: traced.cpuTaskOwn,
              cpuTaskOwnParts: traced.cpuTaskOwnParts,
              cpuTaskAfterPaint: traced.cpuTaskAfterPaint,
              cpuTaskAfterPaintParts: traced.cpuTaskAfterPaintParts,
            });
          }
        }
        const { full, client, atOnce } = runs;
        const times = (runs) => runs.map((run) => run.ms);
        const all = [...full, ...client, ...atOnce];
        rows.push({
          page: spec.name,
          path,
          fullLoad: median(times(full)),
          clientNavigation: median(times(client)),
          clickedAtOnce: median(times(atOnce)),
          longestTask: Math.max(...all.map((run) => run.task)),
          longestTaskByCpu: Math.max(...all.map((run) => run.cpuTask)),
          longestOwnTaskByCpu: Math.max(...all.map((run) => run.cpuTaskOwn)),
          longestTaskByCpuAfterPaint: Math.max(...all.map((run) => run.cpuTaskAfterPaint)),
          runs,
        });
        const ms = (runs) =>
          runs
            .map(
              (run) =>
                `${Math.round(run.ms)} (${[run.task, run.cpuTask, run.cpuTaskOwn, run.cpuTaskAfterPaint].map(Math.round).join('/')})`,
            )
            .join(', ');
        console.log(
          `  ${spec.name}, ms (longest task: wall over 50 ms / CPU x ${slowdown} / the page's own / after first paint): full ${ms(full)}; client-side ${ms(client)}; clicked at once ${ms(atOnce)}`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

let stack;
stopAllOnExit(async () => stack?.stop());
let exitCode = 0;
try {
  let shell = args.url?.replace(/\/$/, '');
  if (!shell) {
    await buildStack();
    const offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0);
    stack = await startStack({
      offset,
      dataDir: mkdtempSync(join(tmpdir(), 'toolshop-bench-pages-')),
      quiet: true,
    });
    shell = stack.shell;
  }
  const rows = await measure(shell);
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `\nSigned-in pages, ${args['cpu-slowdown']}x CPU slowdown, median of ${args.runs} (host load ${load}): navigation to content; longest task by the wall clock at that slowdown, by CPU at full speed times the slowdown (Lighthouse's simulated throttling)`,
  );
  console.log(
    "| page | full load | client-side, pointer rested 300 ms | clicked at once | rested / at once | longest task, any run | by CPU x slowdown | the page's own (Chromium's commit apart) | after first paint |",
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.page} | ${Math.round(r.fullLoad)} ms | ${Math.round(r.clientNavigation)} ms | ${Math.round(r.clickedAtOnce)} ms | ${(r.clientNavigation / r.clickedAtOnce).toFixed(2)} | ${r.longestTask ? `${Math.round(r.longestTask)} ms` : 'none over 50 ms'} | ${Math.round(r.longestTaskByCpu)} ms | ${Math.round(r.longestOwnTaskByCpu)} ms | ${Math.round(r.longestTaskByCpuAfterPaint)} ms |`,
    );
  if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
} catch (error) {
  console.error(`bench:pages: ${error.message}`);
  exitCode = 1;
} finally {
  await stack?.stop();
}
process.exit(exitCode);
