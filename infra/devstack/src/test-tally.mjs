// Adds up what each test runner of `npm test` reports, so the run ends on one plain
// "N passed, N failed" line that counts every runner (Jest, node:test, Playwright).
// eslint-disable-next-line no-control-regex -- colour codes are what it removes
const ansi = /\x1b\[[0-9;]*m/g;

export function emptyTally() {
  return { passed: 0, failed: 0, skipped: 0, failures: [] };
}

const MAX_FAILURES = 10;
const noted = (tally, entry) => {
  const short = entry.length > 220 ? `${entry.slice(0, 219)}…` : entry;
  if (tally.failures.length < MAX_FAILURES && !tally.failures.includes(short))
    tally.failures.push(short);
};

const add = (tally, kind, count) => {
  if (kind === 'passed' || kind === 'pass') tally.passed += count;
  else if (kind === 'failed' || kind === 'fail' || kind === 'cancelled' || kind === 'interrupted')
    tally.failed += count;
  else if (kind === 'flaky')
    tally.passed += count; // passed on retry; Playwright lists them apart
  else tally.skipped += count; // skipped, todo, did not run
};

/**
 * Reads one output line (an Nx project prefix and colours allowed; node:test's spec or TAP form) and adds its counts.
 * `playwright` says the line comes from Playwright's list reporter, whose closing lines
 * ("126 passed (8.8m)") are too plain to read anywhere else.
 */
export function tallyLine(tally, rawLine, { playwright = false } = {}) {
  const plain = rawLine.replace(ansi, '');
  const project = /^(@[\w/.-]+):\s/.exec(plain)?.[1];
  const line = plain.replace(/^[@\w/.-]+:\s/, '');
  noteFailure(tally, line, project, playwright);
  const jest = /^Tests:\s+(.*\d+ total)\s*$/.exec(line);
  if (jest) {
    for (const [, count, kind] of jest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g))
      add(tally, kind, Number(count));
    return;
  }
  const nodeTest = /^[ℹ#] (pass|fail|skipped|todo|cancelled) (\d+)\s*$/.exec(line.trim());
  if (nodeTest) return add(tally, nodeTest[1], Number(nodeTest[2]));
  if (!playwright) return;
  const pw =
    /^\s*(\d+) (passed|failed|flaky|skipped|interrupted|did not run)( \([^)]*\))?\s*$/.exec(line);
  if (pw) add(tally, pw[2], Number(pw[1]));
}

// Which tests failed, kept for the end of the run: a CI log shows only its tail.
// "● Suite › test" or "● test" (Jest's failure heading); not its "● Console" of logged lines
const jestFailure = /^\s*● (?!Console\s*$)(.+)$/;
const jestRetry = /^\s*LOGGING RETRY ERRORS\s+(.+)$/; // a test that failed, then ran again
// node:test's failed test; not its "failing tests:" heading, nor ESLint's "✖ 2 problems" summary
const nodeTestFailure = /^\s*✖ (?!failing tests:|\d+ problems? \()(.+?)( \(\d[\d.]*m?s\))?$/;
const playwrightFailure = /^\s*\d+\) (\[[\w-]+\] › .+)$/; // "1) [shell] › a.spec.ts:3:1 › title"

function noteFailure(tally, line, project, playwright) {
  const where = project ? `${project}: ` : '';
  const retry = jestRetry.exec(line);
  if (retry) return noted(tally, `retried: ${where}${retry[1].trim()}`);
  const jest = jestFailure.exec(line);
  if (jest) return noted(tally, `${where}${jest[1].trim()}`);
  const nodeTest = nodeTestFailure.exec(line);
  if (nodeTest) return noted(tally, `${where}${nodeTest[1].trim()}`);
  const pw = playwright && playwrightFailure.exec(line);
  if (pw) noted(tally, pw[1].replace(/[\s─]+$/, ''));
}

/** The failed (and retried) tests, a line each, at most ten: what a log's tail should name. */
export function failureLines(tally) {
  return tally.failures.map((failure) => `  - ${failure}`);
}

/** The plain closing line CI reads: "N passed, N failed", and ", N skipped" when some were. */
export function closingLine(tally) {
  const skipped = tally.skipped ? `, ${tally.skipped} skipped` : '';
  return `${tally.passed} passed, ${tally.failed} failed${skipped}`;
}
