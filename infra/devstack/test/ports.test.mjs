import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { assertPortsFree } from '../src/processes.mjs';
import { dataDirFor, repoRoot } from '../src/stack.mjs';

test('a port something still listens on is refused by name, a free one passes', async () => {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  try {
    await assert.rejects(assertPortsFree({ api: port }), new RegExp(`already in use: api ${port}\\b`));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  await assertPortsFree({ api: port });
});

test('each port offset keeps its own data folder', () => {
  assert.equal(dataDirFor(0), `${repoRoot}/data`);
  assert.equal(dataDirFor(900), `${repoRoot}/data/offset-900`);
});
