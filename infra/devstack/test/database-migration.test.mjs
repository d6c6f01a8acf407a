// A data folder the old embedded default wrote (FerretDB v1 on SQLite, <data>/ferretdb) is moved into
// the current engine on its first start, with nothing lost: every database, collection, document
// (types included) and index; the old folder is kept, renamed, and the move happens once.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BSON, MongoClient, ObjectId } from 'mongodb';

const { EJSON } = BSON;
import { startDatabase } from '../src/database.mjs';
import { ensureFerretDbV1 } from '../src/database-migration.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-migration-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const toolId = new ObjectId();
const written = {
  toolshop: {
    tools: [
      {
        _id: toolId,
        name: 'Cordless Drill «Pro»',
        price: 129,
        priceTiers: [{ minQuantity: 10, price: 119 }],
        holds: {},
      },
    ],
    orders: Array.from({ length: 1200 }, (_, i) => ({
      _id: new ObjectId(),
      toolId,
      email: `buyer${i % 7}@example.test`,
      orderQuantity: 1 + (i % 5),
      totalPrice: 129 * (1 + (i % 5)),
      paid: i % 2 === 0,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      timeline: [
        { event: 'placed', at: new Date(Date.UTC(2026, 0, 1) + i * 60_000), by: 'customer' },
      ],
    })),
    users: [{ _id: new ObjectId(), email: 'ada@example.test', role: 'admin', rating: 4.5 }],
  },
  identity: {
    // The identity provider's own database, with string ids and nested documents.
    oidc_models: [
      { _id: 'Session:abc', payload: { accountId: 'ada', exp: 1_900_000_000 }, kind: 'Session' },
    ],
  },
};

before(async () => {
  // The old default, writing as the old code did.
  const port = await freePort();
  const child = spawn(
    ensureFerretDbV1(),
    ['-listen', `127.0.0.1:${port}`, '-dir', join(dataDir, 'ferretdb')],
    { stdio: 'ignore' },
  );
  const client = new MongoClient(`mongodb://127.0.0.1:${port}/`, {
    serverSelectionTimeoutMS: 60_000,
  });
  try {
    await client.connect();
    for (const [dbName, collections] of Object.entries(written))
      for (const [name, documents] of Object.entries(collections))
        await client.db(dbName).collection(name).insertMany(documents);
    await client.db('toolshop').collection('users').createIndex({ email: 1 }, { unique: true });
    await client.db('toolshop').collection('orders').createIndex({ email: 1, createdAt: -1 });
  } finally {
    await client.close();
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  }
});

test('the first start moves every document and index of an old folder into the new engine, once', async () => {
  const logs = [];
  const database = await startDatabase({
    port: await freePort(),
    dataDir,
    log: (line) => logs.push(line),
  });
  const client = new MongoClient(database.uri);
  try {
    await client.connect();
    for (const [dbName, collections] of Object.entries(written))
      for (const [name, documents] of Object.entries(collections)) {
        const stored = await client
          .db(dbName)
          .collection(name)
          .find({}, { sort: { _id: 1 } })
          .toArray();
        const expected = [...documents].sort((a, b) => String(a._id).localeCompare(String(b._id)));
        assert.equal(stored.length, documents.length, `${dbName}.${name}`);
        assert.deepEqual(EJSON.serialize(stored), EJSON.serialize(expected), `${dbName}.${name}`);
      }
    const users = client.db('toolshop').collection('users');
    await assert.rejects(
      users.insertOne({ email: 'ada@example.test' }),
      { code: 11000 },
      'the unique index came along',
    );
    const orderIndexes = (await client.db('toolshop').collection('orders').indexes()).map(
      (index) => index.name,
    );
    assert.ok(orderIndexes.includes('email_1_createdAt_-1'));
    assert.ok(existsSync(join(dataDir, 'ferretdb-v1-migrated')), 'the old folder is kept, renamed');
    assert.ok(!existsSync(join(dataDir, 'ferretdb')));
    assert.ok(
      logs.some((line) => /migrated 1203 documents in 4 collections/.test(line)),
      logs.join('\n'),
    );
    await users.insertOne({ email: 'new@example.test' });
  } finally {
    await client.close();
    await database.stop();
  }

  // A second start finds the data where it was and migrates nothing again.
  const again = await startDatabase({
    port: await freePort(),
    dataDir,
    log: (line) => logs.push(line),
  });
  const second = new MongoClient(again.uri);
  try {
    await second.connect();
    assert.equal(await second.db('toolshop').collection('orders').countDocuments(), 1200);
    assert.equal(await second.db('toolshop').collection('users').countDocuments(), 2);
    assert.equal(logs.filter((line) => /migrated/.test(line)).length, 1);
  } finally {
    await second.close();
    await again.stop();
  }
});
