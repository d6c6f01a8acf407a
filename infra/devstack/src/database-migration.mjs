// Moves a data folder written by the old embedded default (FerretDB v1 on SQLite, in <data>/ferretdb)
// into the current engine on its first start: every database, collection, index and document. The
// old folder is renamed to ferretdb-v1-migrated only after everything is copied, so an interrupted
// migration runs again from the start (documents already copied are skipped by their _id).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';
import { MongoClient } from 'mongodb';

const v1Dir = join(repoRoot, 'infra/ferretdb-v1');
const v1Binary = join(v1Dir, 'bin/ferretdb-v1');

export const hasFerretDbV1Data = (dataDir) => {
  const dir = join(dataDir, 'ferretdb');
  return existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.sqlite'));
};

/** Builds the old engine (only ever needed to read an old folder). */
export function ensureFerretDbV1(log = console.error) {
  if (existsSync(v1Binary)) return v1Binary;
  log('[database] building FerretDB v1 to read the old data folder (once, a few minutes)...');
  const built = spawnSync('go', ['build', '-o', v1Binary, '.'], { cwd: v1Dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('go build of infra/ferretdb-v1 failed');
  return v1Binary;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
        server.close(() => resolve(port));
      });
  });

async function connect(uri, child) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1000 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return client;
    } catch (error) {
      await client.close().catch(() => {});
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`FerretDB v1 did not start: ${error.message}`, { cause: error });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const isDuplicate = (error) =>
  error?.code === 11000 || error?.writeErrors?.every?.((e) => e.code === 11000);

/** Copies every collection of the v1 folder into `targetUri`; returns the counts copied. */
export async function migrateFromFerretDbV1({ dataDir, targetUri, log = console.error }) {
  const oldDir = join(dataDir, 'ferretdb');
  const port = await freePort();
  const child = spawn(ensureFerretDbV1(log), ['-listen', `127.0.0.1:${port}`, '-dir', oldDir], {
    stdio: 'ignore',
  });
  const copied = {};
  let source;
  const target = new MongoClient(targetUri);
  try {
    source = await connect(`mongodb://127.0.0.1:${port}/`, child);
    log(`[database] migrating ${oldDir} (FerretDB v1) into the new engine...`);
    const { databases } = await source.db('admin').admin().listDatabases();
    for (const { name: dbName } of databases) {
      for (const { name, type } of await source.db(dbName).listCollections().toArray()) {
        if (type && type !== 'collection') continue;
        const from = source.db(dbName).collection(name);
        const to = target.db(dbName).collection(name);
        for (const index of await from.listIndexes().toArray()) {
          if (index.name === '_id_') continue;
          const { key, name: indexName, v: _v, ns: _ns, ...options } = index;
          await to.createIndex(key, { name: indexName, ...options });
        }
        let count = 0;
        let batch = [];
        const flush = async () => {
          if (batch.length === 0) return;
          try {
            await to.insertMany(batch, { ordered: false });
          } catch (error) {
            if (!isDuplicate(error)) throw error;
          }
          count += batch.length;
          batch = [];
        };
        for await (const document of from.find({}, { sort: { _id: 1 } })) {
          batch.push(document);
          if (batch.length === 500) await flush();
        }
        await flush();
        copied[`${dbName}.${name}`] = count;
      }
    }
  } finally {
    await source?.close().catch(() => {});
    await target.close().catch(() => {});
    await /** @type {Promise<void>} */ (
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      })
    );
  }
  renameSync(oldDir, join(dataDir, 'ferretdb-v1-migrated'));
  const total = Object.values(copied).reduce((a, b) => a + b, 0);
  log(
    `[database] migrated ${total} documents in ${Object.keys(copied).length} collections; the old folder is now ${join(dataDir, 'ferretdb-v1-migrated')}`,
  );
  return copied;
}
