import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closingLine, emptyTally, failureLines, tallyLine } from '../src/test-tally.mjs';

describe('test tally', () => {
  it('adds Jest, node:test and Playwright summaries, with Nx prefixes and colours', () => {
    const tally = emptyTally();
    const lines = [
      '\x1b[94m@toolshop/api:\x1b[39m \x1b[1mTests:       \x1b[22m\x1b[1m\x1b[31m1 failed\x1b[39m\x1b[22m, 2 skipped, \x1b[32m37 passed\x1b[39m, 40 total',
      '\x1b[1m\x1b[34m@toolshop/devstack:\x1b[39m\x1b[22m \x1b[34mℹ tests 46\x1b[39m',
      '@toolshop/devstack: ℹ pass 45',
      '@toolshop/devstack: ℹ fail 1',
      '# pass 2', // node:test's TAP form

      '@toolshop/devstack: ℹ skipped 0',
      'Test Suites: 3 passed, 3 total',
      '  126 passed (8.8m)', // outside Playwright's step: not read
    ];
    for (const line of lines) tallyLine(tally, line);
    assert.deepEqual(tally, { passed: 84, failed: 2, skipped: 2, failures: [] });

    for (const line of [
      '  2 failed',
      '    [shell] › a.spec.ts:3:1 › x',
      '  1 flaky',
      '  3 skipped',
      '  120 passed (7.6m)',
    ]) {
      tallyLine(tally, line, { playwright: true });
    }
    assert.deepEqual(
      { ...tally, failures: [] },
      { passed: 205, failed: 4, skipped: 5, failures: [] },
    );
    assert.equal(closingLine(tally), '205 passed, 4 failed, 5 skipped');
    assert.equal(closingLine({ passed: 3, failed: 0, skipped: 0 }), '3 passed, 0 failed');
  });

  it('does not count a test title or a log line that merely mentions numbers', () => {
    const tally = emptyTally();
    tallyLine(tally, '  ✓  12 [shell] › 3 passed (1s) in a title', { playwright: true });
    tallyLine(tally, 'ℹ pass 3 of them');
    tallyLine(tally, 'Tests: none');
    assert.deepEqual(tally, emptyTally());
  });

  it('names the failed and retried tests of each runner, once each and at most ten', () => {
    const tally = emptyTally();
    const lines = [
      '\x1b[94m@toolshop/api:\x1b[39m   \x1b[1m\x1b[31m● Orders › cancels an unpaid order\x1b[39m\x1b[22m',
      '@toolshop/api:   ● Orders › cancels an unpaid order', // Jest repeats it in its summary
      '@toolshop/api:   ● Console',
      "@toolshop/api:   ● creates one record when a new user's first requests race",
      '@toolshop/api:  LOGGING RETRY ERRORS  Users › inserts a new user once',
      '@toolshop/devstack: ✖ starts two API processes (812.5ms)',
      '@toolshop/devstack: ✖ failing tests:',
      '@toolshop/api: ✖ 2 problems (0 errors, 2 warnings)', // ESLint's summary
    ];
    for (const line of lines) tallyLine(tally, line);
    tallyLine(tally, '    1) [shell] › shell/e2e/cart.spec.ts:3:1 › adds a tool', {
      playwright: true,
    });
    assert.deepEqual(failureLines(tally), [
      '  - @toolshop/api: Orders › cancels an unpaid order',
      "  - @toolshop/api: creates one record when a new user's first requests race",
      '  - retried: @toolshop/api: Users › inserts a new user once',
      '  - @toolshop/devstack: starts two API processes',
      '  - [shell] › shell/e2e/cart.spec.ts:3:1 › adds a tool',
    ]);
    for (let n = 0; n < 20; n++) tallyLine(tally, `@toolshop/api:   ● Suite › test ${n}`);
    assert.equal(failureLines(tally).length, 10);
  });
});
