import { join } from 'node:path';
import { expectSharedExportsRecorded } from '@toolshop/rspack-app/shared-lib-exports.cjs';
import * as ui from './index';

it('what @toolshop/ui exports is recorded under its version (shared-exports.json)', () => {
  expectSharedExportsRecorded(join(__dirname, '..'), ui);
});
