import { join } from 'node:path';
import {
  expectSharedExportsRecorded,
  sharedExportProblems,
} from '../../../jest/shared-lib-exports.cjs';
import * as ui from './index';

it('what @toolshop/ui exports is recorded under its version (shared-exports.json)', () => {
  expectSharedExportsRecorded(join(__dirname, '..'), ui);
});

describe('the check of a shared lib version against its exports', () => {
  const pkg = { name: '@toolshop/x', version: '0.2.0' };
  const recorded = { '0.1.0': ['A', 'B'], '0.1.1': ['A', 'B', 'C'], '0.2.0': ['A', 'C'] };

  it('passes names recorded under the version, additions at any newer one, a removal past the caret', () => {
    expect(sharedExportProblems(pkg, recorded, ['C', 'A'])).toEqual([]);
    expect(
      sharedExportProblems({ ...pkg, version: '1.0.0' }, { '0.1.0': ['A'], '1.0.0': [] }, []),
    ).toEqual([]);
  });

  it('names a change under the same version, with what was added and removed', () => {
    expect(sharedExportProblems(pkg, recorded, ['A', 'D'])).toEqual([
      expect.stringContaining(
        "@toolshop/x's exports changed under 0.2.0 (added: D; removed: C): a remote built with it",
      ),
    ]);
  });

  it('names a version with nothing recorded, and one older than the record', () => {
    expect(sharedExportProblems({ ...pkg, version: '0.3.0' }, recorded, ['A', 'C'])).toEqual([
      '@toolshop/x 0.3.0 has no names recorded in shared-exports.json: record its exports under "0.3.0"',
    ]);
    expect(sharedExportProblems({ ...pkg, version: '0.1.1' }, recorded, ['A', 'B', 'C'])).toEqual([
      '@toolshop/x 0.1.1 is older than 0.2.0 of shared-exports.json',
    ]);
  });

  it('names a removal under a version the previous one’s caret accepts', () => {
    const patch = { '0.1.0': ['A', 'B'], '0.1.1': ['A'] };
    expect(sharedExportProblems({ ...pkg, version: '0.1.1' }, patch, ['A'])).toEqual([
      '@toolshop/x 0.1.1 no longer exports B, yet "^0.1.0" accepts it: a removal needs a breaking version',
    ]);
    const minor = { '1.0.0': ['A', 'B'], '1.1.0': ['A'] };
    expect(sharedExportProblems({ ...pkg, version: '1.1.0' }, minor, ['A'])).toHaveLength(1);
  });
});
