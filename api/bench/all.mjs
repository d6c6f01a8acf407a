// npm run bench — every benchmark, then one table of their ratios (and, with --lighthouse, the
// Lighthouse figures of the home page). Benchmarks, not tests: nothing fails on a timing.
//
//   npm run bench                     the API benchmark (api/bench/bench.mjs), its ratios in one table
//   npm run bench -- --lighthouse     also `npm run lighthouse` (builds and starts the shop: minutes)
//   npm run bench -- --data large     the API at a manufacturer's volume instead (api/bench/large.mjs)
//   other arguments go to the API benchmark (--before <dir>, --only <cases>, ...; large.mjs: --profile)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(benchDir, '..', '..');
const args = process.argv.slice(2);
const lighthouse = args.includes('--lighthouse');
const scratch = mkdtempSync(join(tmpdir(), 'toolshop-bench-all-'));
const rows = [];

function run(script, scriptArgs) {
  const { status } = spawnSync(process.execPath, [script, ...scriptArgs], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error(`${script} exited with ${status}`);
}

/** `--data large` (or --data=large): the API at a manufacturer's volume instead of bench.mjs. */
const large = args.some((a) => a === '--data' || a.startsWith('--data='));

try {
  const apiJson = join(scratch, 'api.json');
  const apiArgs = [...args.filter((a) => a !== '--lighthouse'), '--json', apiJson];
  if (large) {
    // Its own figures: p50/p99 of each list and of order placement at 50,000 orders.
    run(join(benchDir, 'large.mjs'), apiArgs);
    for (const { title, p50, p99, target, met, note } of JSON.parse(readFileSync(apiJson, 'utf8'))
      .rows)
      rows.push([
        `${title}${note ? ` (${note})` : ''}`,
        `${p50} ms`,
        p99 === '' ? '' : `${p99} ms`,
        `${target}${met ? '' : ' MISSED'}`,
      ]);
  } else {
    run(join(benchDir, 'bench.mjs'), apiArgs);
    for (const { title, ratio, p99, aim } of JSON.parse(readFileSync(apiJson, 'utf8')).ratios)
      // A ratio with nothing measured on one side (e.g. every request failed) is written as null.
      rows.push([title, Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a', `${p99} ms`, aim ?? '']);
  }

  if (lighthouse) {
    const report = join(scratch, 'lighthouse.json');
    run(join(repoRoot, 'infra/devstack/src/lighthouse.mjs'), ['--json', report]);
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    const audit = (id) => lhr.audits?.[id]?.numericValue;
    const ms = (value) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`);
    rows.push(
      [
        'Lighthouse (mobile): performance',
        String(Math.round(lhr.categories.performance.score * 100)),
        '',
        '>= 98',
      ],
      ['Lighthouse (mobile): LCP', ms(audit('largest-contentful-paint')), '', '<= 1800 ms'],
      ['Lighthouse (mobile): FCP', ms(audit('first-contentful-paint')), '', '<= 1200 ms'],
      ['Lighthouse (mobile): TBT', ms(audit('total-blocking-time')), '', '<= 50 ms'],
      [
        'Lighthouse (mobile): CLS',
        String(audit('cumulative-layout-shift')?.toFixed(3)),
        '',
        '<= 0.02',
      ],
    );
  }

  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length), 5));
  console.log('\n=== npm run bench: all figures ===');
  console.log(
    `  ${'figure'.padEnd(widths[0])}  ${'value'.padStart(widths[1])}  ${'p99'.padStart(widths[2])}  aim`,
  );
  for (const [title, value, p99, aim] of rows)
    console.log(
      `  ${title.padEnd(widths[0])}  ${value.padStart(widths[1])}  ${p99.padStart(widths[2])}  ${aim}`,
    );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
