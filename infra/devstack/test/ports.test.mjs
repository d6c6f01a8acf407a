import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { assertPortsFree } from '../src/processes.mjs';
import { apiEnv, dataDirFor, identityEnv, mailEnv, registryEnv, repoRoot } from '../src/stack.mjs';
import { clientConfig, stackPorts, stackUrls } from '@toolshop/web-server/runtime-files.mjs';

test('a port something still listens on is refused by name, a free one passes', async () => {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  try {
    await assert.rejects(
      assertPortsFree({ api: port }),
      new RegExp(`already in use: api ${port}\\b`),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  await assertPortsFree({ api: port });
});

test('each port offset keeps its own data folder', () => {
  assert.equal(dataDirFor(0), `${repoRoot}/data`);
  assert.equal(dataDirFor(900), `${repoRoot}/data/offset-900`);
});

test('the mail catcher has its own ports, moved by the offset like every other', () => {
  const ports = Object.values(stackPorts(0));
  assert.equal(new Set(ports).size, ports.length);
  assert.equal(stackPorts(500).smtp, 1525);
  assert.equal(stackPorts(500).mail, 8525);
  const urls = stackUrls(500);
  assert.equal(urls.mail, 'http://localhost:8525');
  assert.deepEqual(mailEnv(urls), {
    SMTP_URL: 'smtp://127.0.0.1:1525',
    MAIL_FROM: process.env.MAIL_FROM || 'Toolshop <no-reply@toolshop.test>',
  });
  assert.equal(identityEnv(urls, 'mongodb://x').SMTP_URL, 'smtp://127.0.0.1:1525');
  assert.equal(apiEnv(urls, 'mongodb://x').SMTP_URL, 'smtp://127.0.0.1:1525');
});

test('the Google button shows unless GOOGLE_SIGN_IN is off', () => {
  const saved = process.env.GOOGLE_SIGN_IN;
  try {
    delete process.env.GOOGLE_SIGN_IN;
    assert.equal(clientConfig(stackPorts(0)).googleSignIn, true);
    process.env.GOOGLE_SIGN_IN = 'off';
    assert.equal(clientConfig(stackPorts(0)).googleSignIn, false);
    process.env.GOOGLE_SIGN_IN = 'on';
    assert.equal(clientConfig(stackPorts(0)).googleSignIn, true);
  } finally {
    if (saved === undefined) delete process.env.GOOGLE_SIGN_IN;
    else process.env.GOOGLE_SIGN_IN = saved;
  }
});

// Harnesses beside the stack: `npm run dev -w @toolshop/<remote>-mfe` beside `npm start` failed with EADDRINUSE,
// and the admin harness's Remote Releases page failed on CORS.
test("a remote's harness run alone has a port of its own, which the stack's provider, API and registry accept", async () => {
  const offset = 800;
  const urls = stackUrls(offset);
  const stackPortsInUse = new Set(Object.values(urls.ports));
  const previous = process.env.TOOLSHOP_PORT_OFFSET;
  process.env.TOOLSHOP_PORT_OFFSET = String(offset);
  try {
    for (const [remote, folder] of [
      ['storefront', 'storefront-mfe'],
      ['dashboard', 'dashboard-mfe'],
      ['admin', 'admin-mfe'],
    ]) {
      const { default: config } = await import(`${repoRoot}/${folder}/rspack.config.mjs`);
      const alone = config({ RSPACK_SERVE: true, standalone: true }, {}).devServer.port;
      const inStack = config({ RSPACK_SERVE: true }, {}).devServer.port;
      assert.equal(
        inStack,
        urls.ports[remote],
        `${remote}: npm run dev (the whole stack) keeps the stack's port`,
      );
      assert.ok(!stackPortsInUse.has(alone), `${remote}: ${alone} is a port of npm start`);
      const origin = `http://localhost:${alone}`;
      assert.ok(
        identityEnv(urls, 'mongodb://x').WEB_ORIGINS.split(',').includes(origin),
        `${remote}: the provider accepts ${origin}`,
      );
      assert.ok(
        apiEnv(urls, 'mongodb://x').CORS_ORIGINS.split(',').includes(origin),
        `${remote}: the API accepts ${origin}`,
      );
      if (remote === 'admin') {
        const registryOrigins = registryEnv(
          urls,
          'mongodb://x',
          offset,
        ).REGISTRY_CORS_ORIGINS.split(',');
        assert.deepEqual(registryOrigins, [urls.shell, urls.remotes.admin, origin]);
      }
    }
  } finally {
    if (previous === undefined) delete process.env.TOOLSHOP_PORT_OFFSET;
    else process.env.TOOLSHOP_PORT_OFFSET = previous;
  }
});
