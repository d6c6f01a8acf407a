// The embedded database: MONGODB_URI if set, else a local mongod, else FerretDB (SQLite backend,
// built from infra/ferretdb with Go), else mongodb-memory-server's downloaded mongod.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';
import { MongoClient } from 'mongodb';

const ferretDir = join(repoRoot, 'infra/ferretdb');
const ferretBinary = join(ferretDir, 'bin/ferretdb');

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Builds the FerretDB wrapper once; later calls reuse the binary. */
export function ensureFerretDb(log = console.error) {
  if (existsSync(ferretBinary)) return ferretBinary;
  if (!onPath('go')) return undefined;
  log('[database] building the FerretDB wrapper with Go (first run only, a few minutes)...');
  const built = spawnSync('go', ['build', '-o', ferretBinary, '.'], { cwd: ferretDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('go build of infra/ferretdb failed');
  return ferretBinary;
}

async function waitUntilReachable(uri, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`database process exited with ${child.exitCode}`);
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

/** A server that never answers is stopped, not left behind holding its port and files. */
async function reachableOrStopped(uri, child) {
  try {
    await waitUntilReachable(uri, child);
  } catch (error) {
    await stopper(child)();
    throw error;
  }
}

function stopper(child) {
  return () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
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
  const stdio = quiet ? 'ignore' : 'inherit';

  if (onPath('mongod')) {
    const dir = join(dataDir, 'mongod');
    mkdirSync(dir, { recursive: true });
    const child = spawn('mongod', ['--bind_ip', '127.0.0.1', '--port', String(port), '--dbpath', dir], { stdio });
    await reachableOrStopped(uri, child);
    return { uri, kind: 'mongod', stop: stopper(child) };
  }

  const ferret = ensureFerretDb(log);
  if (ferret) {
    const dir = join(dataDir, 'ferretdb');
    mkdirSync(dir, { recursive: true });
    const child = spawn(ferret, ['-listen', `127.0.0.1:${port}`, '-dir', dir], { stdio });
    await reachableOrStopped(uri, child);
    return { uri, kind: 'ferretdb', stop: stopper(child) };
  }

  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const server = await MongoMemoryServer.create({ instance: { ip: '127.0.0.1', port } });
  return { uri: server.getUri(), kind: 'mongodb-memory-server', stop: async () => void (await server.stop()) };
}
