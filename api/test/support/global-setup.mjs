// One database (FerretDB v2 over PostgreSQL, or MONGODB_URI) for the whole run, on a free port of 27117..27199 and a fresh temp
// data directory; every test file then uses a database of its own.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabase } from '@toolshop/devstack/database';

const isFree = (port) =>
  new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

export default async function globalSetup() {
  let port;
  for (let candidate = 27117; candidate <= 27199 && !port; candidate++)
    if (await isFree(candidate)) port = candidate;
  if (!port) throw new Error('no free port in 27117..27199 for the test database');
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-api-test-'));
  const database = await startDatabase({ port, dataDir });
  globalThis.__TOOLSHOP_DATABASE__ = { ...database, dataDir };
  process.env.TEST_MONGODB_URI = database.uri;
  // The embedded engine's PostgreSQL socket: query-plans.spec runs ANALYZE there after loading.
  if (database.postgresSocket) process.env.TEST_POSTGRES_SOCKET = database.postgresSocket;
  console.log(`\n[api tests] database: ${database.kind} at ${database.uri}`);
}
