import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDatabase } from '@toolshop/devstack/database';
import { MongoClient, type Db } from 'mongodb';
import { RateLimiter } from '../src/throttle/rate-limiter.ts';

describe('rate limits of sign-ups, renames and verification mails', () => {
  let dir = '';
  let database: { uri: string; stop: () => Promise<void> };
  let client: MongoClient;
  let db: Db;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolshop-identity-limits-'));
    database = await startDatabase({ port: 27433, dataDir: join(dir, 'db') });
    client = await new MongoClient(database.uri).connect();
    db = client.db('identity-rate-limits');
  });

  after(async () => {
    await client?.close();
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('counts one limit for every instance of the provider (they share the database)', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 10);
    let clock = now;
    const instances = [1, 2, 3].map(() => new RateLimiter(db, 'signups', 4, 60_000, () => clock));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => instances[i % 3]!.hit('203.0.113.7')),
    );
    assert.equal(answers.filter((wait) => wait === undefined).length, 4);
    assert.deepEqual(
      answers.filter((wait) => wait !== undefined),
      Array(8).fill(50),
    );
    // Another address, another limiter name and the next window count afresh.
    assert.equal(await instances[0]!.hit('198.51.100.1'), undefined);
    assert.equal(
      await new RateLimiter(db, 'renames', 4, 60_000, () => clock).hit('203.0.113.7'),
      undefined,
    );
    clock = now + 50_000;
    assert.equal(await instances[1]!.hit('203.0.113.7'), undefined);
  });
});
