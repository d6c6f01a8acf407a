import { join } from 'node:path';
import { expectSharedExportsRecorded } from '@toolshop/rspack-app/shared-lib-exports.cjs';
import * as auth from './index';

it('what @toolshop/auth exports is recorded under its version (shared-exports.json)', () => {
  expectSharedExportsRecorded(join(__dirname, '..'), auth);
});
