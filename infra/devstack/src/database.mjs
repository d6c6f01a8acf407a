// The embedded database: MONGODB_URI if set, else a local mongod, else FerretDB v2 over PostgreSQL 15
// with the DocumentDB extension (infra/ferretdb, infra/documentdb), both built once and cached.
// PostgreSQL runs in the data folder (as the `postgres` user when we are root: it refuses root) and
// listens on a Unix socket only; FerretDB serves the MongoDB protocol on the given port.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';
import { MongoClient } from 'mongodb';
import { migrateFromFerretDbV1, hasFerretDbV1Data } from './database-migration.mjs';

const ferretDir = join(repoRoot, 'infra/ferretdb');
// Named by version: a checkout that built the earlier wrapper (v1, other flags) keeps bin/ferretdb.
const ferretBinary = join(ferretDir, 'bin/ferretdb-2.5.0');
const documentDbBuild = join(repoRoot, 'infra/documentdb/build.sh');

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Builds the FerretDB v2 wrapper once; later calls reuse the binary. */
export function ensureFerretDb(log = console.error) {
  if (existsSync(ferretBinary)) return ferretBinary;
  if (!onPath('go'))
    throw new Error('the embedded database needs Go to build infra/ferretdb (or set MONGODB_URI)');
  log('[database] building the FerretDB v2 wrapper with Go (first run only, a few minutes)...');
  const built = spawnSync('go', ['build', '-o', ferretBinary, '.'], {
    cwd: ferretDir,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('go build of infra/ferretdb failed');
  return ferretBinary;
}

/** Builds PostgreSQL's DocumentDB extension once (cached outside the clone); returns the private PostgreSQL tree. */
export function ensureDocumentDb() {
  const built = spawnSync('bash', [documentDbBuild], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (built.status !== 0)
    throw new Error('the DocumentDB build (infra/documentdb/build.sh) failed');
  const tree = built.stdout.trim().split('\n').at(-1) ?? '';
  return { tree, bin: join(tree, 'lib/postgresql/15/bin') };
}

/** Root runs PostgreSQL as `postgres`; anyone else as themselves. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid === 0)
    throw new Error('running as root needs a `postgres` user (apt-get install postgresql-15)');
  return { uid, gid: id('-g') };
}

const serverSettings = [
  'shared_preload_libraries=pg_cron,pg_documentdb_core,pg_documentdb',
  'cron.database_name=postgres',
  'listen_addresses=',
  'max_connections=300',
  // A lost last fraction of a second on a crash, never a corrupt folder: the embedded default
  // trades that for commits that do not each wait for the disk.
  'synchronous_commit=off',
  'documentdb.enableLetAndCollationForQueryMatch=true',
  'documentdb.enableNowSystemVariable=true',
  'documentdb.enableSortbyIdPushDownToPrimaryKey=true',
  'documentdb.enableCompact=true',
  // Debian's pg_cron 1.4 schedules by the minute only (its '2 seconds' form came in 1.5); FerretDB
  // builds indexes in the foreground anyway.
  'documentdb.indexBuildScheduleInSec=60',
  // pg_cron runs DocumentDB's jobs (TTL expiry, background index builds) in background workers:
  // its default, a connection to localhost over TCP, finds no server (we listen on a socket).
  'cron.use_background_workers=on',
  'max_worker_processes=32',
];

function run(bin, args, user, what) {
  const result = spawnSync(bin, args, {
    ...user,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(`${what} failed: ${result.error?.message ?? (result.stderr || result.stdout)}`);
  return result.stdout;
}

function ownedBy(path, user) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) chownSync(path, user.uid, user.gid);
  return path;
}

/** Whether `user` may enter `dir` (root created it; PostgreSQL runs as another user). */
function reachable(dir, user) {
  if (user.uid === undefined) return true;
  return spawnSync('test', ['-x', dir], { ...user }).status === 0;
}

/** A PostgreSQL server on a private Unix socket in `socketDir`; resolves once it answers. */
async function startPostgres({ bin, cluster, socketDir, user, quiet }) {
  // DocumentDB connects back to the server for some commands (explain among them): by the socket.
  const settings = [...serverSettings, `documentdb.localhost_connection_string=host=${socketDir}`];
  const args = ['-D', cluster, '-k', socketDir, ...settings.flatMap((s) => ['-c', s])];
  const child = spawn(join(bin, 'postgres'), args, {
    ...user,
    stdio: quiet ? 'ignore' : 'inherit',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`PostgreSQL exited with ${child.exitCode} (cluster ${cluster})`);
    if (spawnSync(join(bin, 'pg_isready'), ['-q', '-h', socketDir, '-U', 'postgres']).status === 0)
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopper(child)();
  throw new Error('PostgreSQL did not start within 60 s');
}

/**
 * A cluster made once per engine version with the extension created (initdb and CREATE EXTENSION
 * take seconds); each new data folder starts as a copy of it.
 */
async function templateCluster({ tree, bin, user }) {
  const template = join(dirname(tree), 'template');
  if (existsSync(join(template, '.complete'))) return template;
  const building = `${template}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o755 });
  const cluster = ownedBy(join(building, 'cluster'), user);
  run(
    join(bin, 'initdb'),
    ['-D', cluster, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    user,
    'initdb',
  );
  const socketDir = ownedBy(mkdtempSync(join(tmpdir(), 'toolshop-pg-')), user);
  const server = await startPostgres({ bin, cluster, socketDir, user, quiet: true });
  try {
    psql(
      { bin, socketDir, user },
      ['-c', 'CREATE EXTENSION IF NOT EXISTS documentdb CASCADE'],
      'CREATE EXTENSION documentdb',
    );
  } finally {
    await stopper(server)();
    rmSync(socketDir, { recursive: true, force: true });
  }
  writeFileSync(join(building, '.complete'), '');
  rmSync(template, { recursive: true, force: true });
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another process made it first
  }
  return template;
}

const isOurs = (dir) =>
  [tmpdir(), repoRoot].some((root) => dir.startsWith(`${root}/`)) &&
  statSync(dir).uid === process.getuid?.();

/** Where the cluster of `dataDir` lives: in it, unless the `postgres` user cannot reach it (a root-only home). */
function clusterDir(dataDir, user) {
  if (user.uid !== undefined) {
    // Let `postgres` pass through (not list) the folders we made for it: the data folder and its
    // parents inside the temp folder or the repository (a test's mkdtemp is 0700).
    for (let dir = dataDir; isOurs(dir); dir = dirname(dir))
      chmodSync(dir, statSync(dir).mode | 0o011);
  }
  if (reachable(dataDir, user)) return join(dataDir, 'postgres');
  const fallback = join(
    '/var/tmp/toolshop-postgres',
    Buffer.from(dataDir).toString('base64url').slice(-80),
  );
  console.error(
    `[database] the postgres user cannot reach ${dataDir}; its cluster lives in ${fallback}`,
  );
  mkdirSync(dirname(fallback), { recursive: true, mode: 0o711 });
  return fallback;
}

async function startFerretDbOnPostgres({ port, dataDir, log, quiet }) {
  const { tree, bin } = ensureDocumentDb();
  const ferret = ensureFerretDb(log);
  const user = postgresUser();
  mkdirSync(dataDir, { recursive: true });
  const cluster = clusterDir(dataDir, user);
  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    const template = await templateCluster({ tree, bin, user });
    rmSync(cluster, { recursive: true, force: true });
    cpSync(join(template, 'cluster'), cluster, { recursive: true, preserveTimestamps: true });
    if (user.uid !== undefined) spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, cluster]);
    chmodSync(cluster, 0o700);
  }
  await stopLeftover(cluster);
  const socketDir = ownedBy(mkdtempSync(join(tmpdir(), 'toolshop-pg-')), user);
  const postgres = await startPostgres({ bin, cluster, socketDir, user, quiet });
  const postgresUrl = `postgres://postgres@/postgres?host=${encodeURIComponent(socketDir)}`;
  const child = spawn(
    ferret,
    [
      '-listen',
      `127.0.0.1:${port}`,
      '-postgresql-url',
      postgresUrl,
      '-state-dir',
      join(dataDir, 'ferretdb-state'),
    ],
    { stdio: quiet ? 'ignore' : 'inherit' },
  );
  const uri = `mongodb://127.0.0.1:${port}/`;
  // Both are signalled at once (also from an 'exit' handler, which runs no later callbacks):
  // PostgreSQL's fast shutdown (SIGINT) ends FerretDB's connections and writes a checkpoint.
  const stop = async () => {
    await Promise.all([stopper(child)(), stopper(postgres, 'SIGINT')()]);
    rmSync(socketDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReachable(uri, child);
  } catch (error) {
    await stop();
    throw error;
  }
  try {
    if (hasFerretDbV1Data(dataDir)) await migrateFromFerretDbV1({ dataDir, targetUri: uri, log });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    uri,
    kind: 'FerretDB v2 on PostgreSQL 15 + DocumentDB',
    stop,
    postgresUrl,
    postgresSocket: socketDir,
  };
}

async function waitUntilReachable(uri, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`database process exited with ${child.exitCode}`);
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1000 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 250));
    } finally {
      await client.close().catch(() => {});
    }
  }
  throw new Error(`database at ${uri} not reachable: ${lastError?.message}`);
}

function stopper(child, signal = 'SIGTERM') {
  return () =>
    /** @type {Promise<void>} */ (
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      })
    );
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A server left running on this cluster by a launcher that was killed: stopped before we start. */
async function stopLeftover(cluster) {
  let pid;
  try {
    pid = Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  console.error(
    `[database] stopping the PostgreSQL server (pid ${pid}) a previous run left on ${cluster}`,
  );
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid) && waited < 15_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
}

/** Runs SQL on the embedded engine's PostgreSQL by its socket (tests: ANALYZE after loading a volume). */
export function postgresSql(socketDir, statement) {
  const { bin } = ensureDocumentDb();
  return psql({ bin, socketDir, user: postgresUser() }, ['-Atc', statement], 'psql');
}

/** Runs psql as `user` on the cluster behind `socketDir`, as its superuser, stopping at the first error. */
function psql({ bin, socketDir, user }, args, what) {
  const connection = ['-h', socketDir, '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1'];
  return run(join(bin, 'psql'), [...connection, ...args], user, what);
}

/**
 * Builds what the embedded database needs (the extension, FerretDB, the template cluster) before
 * several test suites start databases at once; nothing when MONGODB_URI or a local mongod is used.
 */
export async function prepareDatabase(log = console.error) {
  if (process.env.MONGODB_URI || onPath('mongod')) return;
  const { tree, bin } = ensureDocumentDb();
  ensureFerretDb(log);
  await templateCluster({ tree, bin, user: postgresUser() });
}

/**
 * Starts (or points at) a MongoDB-compatible server.
 * @param {{ port?: number, dataDir?: string, log?: (line: string) => void, quiet?: boolean }} options
 * @returns {Promise<{ uri: string, kind: string, stop: () => Promise<void> }>}
 */
export async function startDatabase({
  port = 27017,
  dataDir = join(repoRoot, 'data/db'),
  log = console.error,
  quiet = true,
} = {}) {
  if (process.env.MONGODB_URI) {
    return { uri: process.env.MONGODB_URI, kind: 'external', stop: async () => {} };
  }
  const uri = `mongodb://127.0.0.1:${port}/`;

  if (onPath('mongod')) {
    const dir = join(dataDir, 'mongod');
    mkdirSync(dir, { recursive: true });
    const child = spawn(
      'mongod',
      ['--bind_ip', '127.0.0.1', '--port', String(port), '--dbpath', dir],
      { stdio: quiet ? 'ignore' : 'inherit' },
    );
    try {
      await waitUntilReachable(uri, child);
    } catch (error) {
      await stopper(child)();
      throw error;
    }
    return { uri, kind: 'mongod', stop: stopper(child) };
  }

  return startFerretDbOnPostgres({ port, dataDir, log, quiet });
}
