import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedExportProblems } from '../src/shared-lib-exports.cjs';

const pkg = { name: '@toolshop/x', version: '0.2.0' };
const recorded = { '0.1.0': ['A', 'B'], '0.1.1': ['A', 'B', 'C'], '0.2.0': ['A', 'C'] };

test('names recorded under the version pass; additions at any newer one, a removal past the caret', () => {
  assert.deepEqual(sharedExportProblems(pkg, recorded, ['C', 'A']), []);
  assert.deepEqual(
    sharedExportProblems({ ...pkg, version: '1.0.0' }, { '0.1.0': ['A'], '1.0.0': [] }, []),
    [],
  );
});

test('a change under the same version is named, with what was added and removed', () => {
  const [problem, ...others] = sharedExportProblems(pkg, recorded, ['A', 'D']);
  assert.match(problem, /^@toolshop\/x's exports changed under 0\.2\.0 \(added: D; removed: C\): /);
  assert.deepEqual(others, []);
});

test('a version with nothing recorded is named, and one older than the record', () => {
  assert.deepEqual(sharedExportProblems({ ...pkg, version: '0.3.0' }, recorded, ['A', 'C']), [
    '@toolshop/x 0.3.0 has no names recorded in shared-exports.json: record its exports under "0.3.0"',
  ]);
  assert.deepEqual(sharedExportProblems({ ...pkg, version: '0.1.1' }, recorded, ['A', 'B', 'C']), [
    '@toolshop/x 0.1.1 is older than 0.2.0 of shared-exports.json',
  ]);
});

test('a removal under a version the previous one’s caret accepts is named', () => {
  const patch = { '0.1.0': ['A', 'B'], '0.1.1': ['A'] };
  assert.deepEqual(sharedExportProblems({ ...pkg, version: '0.1.1' }, patch, ['A']), [
    '@toolshop/x 0.1.1 no longer exports B, yet "^0.1.0" accepts it: a removal needs a breaking version',
  ]);
  const minor = { '1.0.0': ['A', 'B'], '1.1.0': ['A'] };
  assert.equal(sharedExportProblems({ ...pkg, version: '1.1.0' }, minor, ['A']).length, 1);
});
