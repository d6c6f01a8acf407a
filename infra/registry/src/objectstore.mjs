// The local S3-compatible object store (infra/objectstore: gofakes3 built from the Go module proxy
// like FerretDB, objects in a bolt file): how to build it, its command line and its access keys.
// The store takes signed requests only (anonymous callers just read objects): one key per team,
// writing new keys under its own `<remote>/` prefix, and a read-only key for the registry. A local
// stack's keys are generated at each start into data/objectstore-keys/<port>.json (never committed),
// where the release script and the registry of that stack find them; production sets
// AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (a team's CI: its own) or uses the platform's role.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';

const storeDir = join(repoRoot, 'infra/objectstore');
export const objectStoreBinary = join(storeDir, 'bin/objectstore');

/** The newest modification time of the store's sources (a binary older than them is rebuilt). */
const sourcesTime = () =>
  Math.max(
    ...readdirSync(storeDir)
      .filter((name) => /\.go$|^go\.(mod|sum)$/.test(name))
      .map((name) => statSync(join(storeDir, name)).mtimeMs),
  );

/** Builds the store (`go build` in infra/objectstore) when missing or older than its sources. */
export function ensureObjectStore(log = console.error) {
  if (existsSync(objectStoreBinary) && statSync(objectStoreBinary).mtimeMs >= sourcesTime())
    return objectStoreBinary;
  if (spawnSync('sh', ['-c', 'command -v go']).status !== 0) {
    throw new Error(
      'the object store needs Go to build infra/objectstore (https://go.dev/doc/install)',
    );
  }
  log('[objectstore] building the S3-compatible object store with Go (first run only)...');
  const built = spawnSync('go', ['build', '-o', objectStoreBinary, '.'], {
    cwd: storeDir,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('go build of infra/objectstore failed');
  return objectStoreBinary;
}

/** The store on loopback at this port, its objects in dataDir, the bucket created if missing, its keys in credentials. */
export const objectStoreArgs = ({ port, dataDir, bucket, credentials }) => [
  '-listen',
  `127.0.0.1:${port}`,
  '-dir',
  dataDir,
  '-bucket',
  bucket,
  '-credentials',
  credentials,
];

/** Who holds a key of a local store: each team (its own prefix) and the registry (read only). */
export const storeKeyHolders = {
  storefront: ['storefront/'],
  dashboard: ['dashboard/'],
  admin: ['admin/'],
  registry: [],
};

/** Where a local store at this port keeps its keys. */
export const localKeysFile = (port) => join(repoRoot, 'data/objectstore-keys', `${port}.json`);

/**
 * New random keys for a local store, written (owner-only) to `file`: `{ keys: [{ name, accessKeyId,
 * secretAccessKey, writePrefixes }] }`, the format infra/objectstore reads. Returns the file.
 * @param {string} file @param {Record<string, string[]>} [holders]
 */
export function writeLocalKeys(file, holders = storeKeyHolders) {
  const keys = Object.entries(holders).map(([name, writePrefixes]) => ({
    name,
    accessKeyId: `${name}-${randomBytes(6).toString('hex')}`,
    secretAccessKey: randomBytes(24).toString('base64url'),
    writePrefixes,
  }));
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ keys }, null, 2)}\n`, { mode: 0o600 });
  return file;
}

/**
 * The key of `name` (a remote, or `registry`) of the local store at this port, as an AWS SDK
 * credential provider: read when a request is signed, so a store started later is found.
 * @param {number} port @param {string} name
 */
export const localStoreCredentials = (port, name) => async () => {
  const file = localKeysFile(port);
  let keys;
  try {
    ({ keys } = JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    throw new Error(
      `no keys of the local object store at port ${port} (${file}): is npm start running? (else set AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)`,
    );
  }
  const key = keys.find((entry) => entry.name === name);
  if (!key) throw new Error(`the local object store at port ${port} has no key for ${name}`);
  return { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey };
};
