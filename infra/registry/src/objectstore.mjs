// The local S3-compatible object store (infra/objectstore: gofakes3 built from the Go module proxy
// like FerretDB, objects in a bolt file): how to build it and its command line.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';

const storeDir = join(repoRoot, 'infra/objectstore');
export const objectStoreBinary = join(storeDir, 'bin/objectstore');

/** Builds the store once (`go build` in infra/objectstore); later calls reuse the binary. */
export function ensureObjectStore(log = console.error) {
  if (existsSync(objectStoreBinary)) return objectStoreBinary;
  if (spawnSync('sh', ['-c', 'command -v go']).status !== 0) {
    throw new Error('the object store needs Go to build infra/objectstore (https://go.dev/doc/install)');
  }
  log('[objectstore] building the S3-compatible object store with Go (first run only)...');
  const built = spawnSync('go', ['build', '-o', objectStoreBinary, '.'], { cwd: storeDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('go build of infra/objectstore failed');
  return objectStoreBinary;
}

/** The store on loopback at this port, its objects in dataDir, the bucket created if missing. */
export const objectStoreArgs = ({ port, dataDir, bucket }) => ['-listen', `127.0.0.1:${port}`, '-dir', dataDir, '-bucket', bucket];
