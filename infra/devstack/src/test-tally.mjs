// Adds up what each test runner of `npm test` reports, so the run ends on one plain
// "N passed, N failed" line that counts every runner (Jest, node:test, Playwright).
// eslint-disable-next-line no-control-regex -- colour codes are what it removes
const ansi = /\x1b\[[0-9;]*m/g;

export function emptyTally() {
  return { passed: 0, failed: 0, skipped: 0 };
}

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
  const line = rawLine.replace(ansi, '').replace(/^[@\w/.-]+:\s/, '');
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

/** The plain closing line CI reads: "N passed, N failed", and ", N skipped" when some were. */
export function closingLine(tally) {
  const skipped = tally.skipped ? `, ${tally.skipped} skipped` : '';
  return `${tally.passed} passed, ${tally.failed} failed${skipped}`;
}
