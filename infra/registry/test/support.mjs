// Test helpers: a free port, and the real object store (infra/objectstore) on it in a temp folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensureObjectStore,
  objectStoreArgs,
  storeKeyHolders,
  writeLocalKeys,
} from '../src/objectstore.mjs';

/**
 * Starts `server` on a free port of 127.0.0.1; returns its base URL.
 * @param {import('node:http').Server} server
 */
export async function listenLocally(server) {
  await /** @type {Promise<void>} */ (
    new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  );
  return `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

export async function freePort() {
  const server = createServer();
  await /** @type {Promise<void>} */ (
    new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  );
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts infra/objectstore on a free port with keys of its own: each team's and the registry's (as a
 * stack has) and, for tests that publish for several remotes, `tests` writing under every remote.
 * Returns `env` for storeConfig (the `tests` key), `envFor(name)` (one holder's key) and stop().
 */
export async function startTestStore(bucket = 'test-remotes') {
  const binary = ensureObjectStore();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'objectstore-'));
  const credentials = writeLocalKeys(join(dir, 'keys.json'), {
    ...storeKeyHolders,
    tests: Object.values(storeKeyHolders).flat(),
  });
  const { keys } = JSON.parse(readFileSync(credentials, 'utf8'));
  const child = spawn(binary, objectStoreArgs({ port, dataDir: dir, bucket, credentials }), {
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/_health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const common = { S3_ENDPOINT: base, S3_BUCKET: bucket, S3_PUBLIC_URL: `${base}/${bucket}` };
  /** @param {string} name */
  const envFor = (name) => {
    const key = keys.find((entry) => entry.name === name);
    return {
      ...common,
      AWS_ACCESS_KEY_ID: key.accessKeyId,
      AWS_SECRET_ACCESS_KEY: key.secretAccessKey,
    };
  };
  return {
    env: envFor('tests'),
    envFor,
    base,
    dir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the embedded database (FerretDB v2 over PostgreSQL, as npm start does) on a free port in a temp folder. */
export async function startTestDatabase() {
  const { startDatabase } = await import('@toolshop/devstack/database');
  const { MongoClient } = await import('mongodb');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'registry-db-'));
  const database = await startDatabase({ port, dataDir: dir });
  const client = new MongoClient(database.uri, { serverSelectionTimeoutMS: 20_000 });
  await client.connect();
  return {
    client,
    stop: async () => {
      await client.close();
      await database.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
