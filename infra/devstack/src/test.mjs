// `npm test`: the formatting, every project's build, type check, lint and tests (unit and integration, each
// suite starting the servers it needs), then the API fuzzer (Schemathesis against the OpenAPI
// document, as anonymous, customer and admin), then the browser tests against the whole shop.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot as root } from '@toolshop/settings/repo-root';
import { chromiumPath } from './chromium.mjs';
import { prepareDatabase } from './database.mjs';
import { run } from './run.mjs';
import { closingLine, emptyTally, failureLines, tallyLine } from './test-tally.mjs';

process.env.NX_DAEMON = 'false';
process.env.NX_NO_CLOUD = 'true';
process.env.NX_TUI = 'false';

const failures = [];
const tally = emptyTally();
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
// Each step's time and the run's so far, so a log shows where a slow run spent it.
const step = async (label, command, args, { playwright = false } = {}) => {
  console.log(`\n=== ${label}`);
  const stepStarted = Date.now();
  const onLine = (line) => tallyLine(tally, line, { playwright });
  const code = await run(command, args, { cwd: root, onLine });
  if (code !== 0) failures.push(label);
  console.log(`=== ${label}: ${seconds(stepStarted)} (${seconds(started)} in all)`);
};

// The embedded database's engine is built (once, cached) before the suites start databases in parallel.
console.log(
  '\n=== the embedded database (FerretDB v2 over PostgreSQL with DocumentDB; built once)',
);
await prepareDatabase();

// Seconds: every file as Prettier writes it (`npm run format` fixes them).
await step('formatting (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);

await step('build, typecheck, lint and test every project', 'npx', [
  'nx',
  'run-many',
  '-t',
  'build',
  'typecheck',
  'lint',
  'test',
  '--outputStyle=stream',
  '--skipNxCache',
]);

if (failures.length === 0) {
  // Bounded: at most FUZZ_MAX_EXAMPLES examples per operation and caller (a few minutes in all);
  // installs Schemathesis from PyPI into .ci/cache/schemathesis on first use.
  await step(
    'API fuzzer (Schemathesis: no 5xx, every answer as the OpenAPI document says)',
    'npm',
    [
      'run',
      'fuzz',
      '-w',
      '@toolshop/api',
      '--',
      '--max-examples',
      process.env.FUZZ_MAX_EXAMPLES ?? '25',
    ],
  );
}

if (failures.length === 0 && !existsSync(chromiumPath)) {
  console.error(
    `\nThe browser tests need Debian's Chromium at ${chromiumPath}: apt-get install chromium`,
  );
  failures.push('browser tests (no Chromium)');
}
if (failures.length === 0) {
  // Everything was just built above; the browser tests' global setup need not build again.
  process.env.E2E_SKIP_BUILD = 'true';
  await step(
    'browser tests (Playwright, Debian Chromium)',
    'npx',
    ['playwright', 'test', '-c', join(root, 'infra/devstack/playwright.config.ts')],
    { playwright: true },
  );
}

// The failed and retried tests by name, near the end: a CI log keeps only its tail.
const named = failureLines(tally);
if (named.length) console.log(['\nFailed or retried tests:', ...named].join('\n'));
if (failures.length) {
  console.error(`\nFAILED: ${failures.join('; ')}`);
  console.log(closingLine(tally));
  process.exit(1);
}
console.log('\nAll checks passed.');
// Every runner's count in one line (the CI reads a run's closing line).
console.log(closingLine(tally));
