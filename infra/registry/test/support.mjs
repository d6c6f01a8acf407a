// Test helpers: a free port, and the real object store (infra/objectstore) on it in a temp folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureObjectStore, objectStoreArgs } from '../src/objectstore.mjs';

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts infra/objectstore on a free port; returns its env for storeConfig and stop(). */
export async function startTestStore(bucket = 'test-remotes') {
  const binary = ensureObjectStore();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'objectstore-'));
  const child = spawn(binary, objectStoreArgs({ port, dataDir: dir, bucket }), { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/${bucket}?max-keys=1`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    env: { S3_ENDPOINT: base, S3_BUCKET: bucket, S3_PUBLIC_URL: `${base}/${bucket}` },
    dir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the FerretDB wrapper (infra/ferretdb, built by npm start / CI) on a free port in a temp folder. */
export async function startTestDatabase() {
  const { repoRoot } = await import('@toolshop/settings/repo-root');
  const { MongoClient } = await import('mongodb');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'registry-db-'));
  const binary = join(repoRoot, 'infra/ferretdb/bin/ferretdb');
  // On a fresh clone nothing may have built it yet (npm start and the stack's tests build it the same way).
  if (!existsSync(binary)) spawnSync('go', ['build', '-o', binary, '.'], { cwd: join(repoRoot, 'infra/ferretdb'), stdio: 'inherit' });
  const child = spawn(binary, ['-listen', `127.0.0.1:${port}`, '-dir', dir], { stdio: 'ignore' });
  const uri = `mongodb://127.0.0.1:${port}/`;
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 20_000 });
  await client.connect();
  return {
    client,
    stop: async () => {
      await client.close();
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}
