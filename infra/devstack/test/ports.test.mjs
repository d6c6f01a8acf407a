import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { assertPortsFree } from '../src/processes.mjs';
import { apiEnv, dataDirFor, identityEnv, mailEnv, repoRoot } from '../src/stack.mjs';
import { clientConfig, stackPorts, stackUrls } from '../src/runtime-files.mjs';

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

test('the mail catcher has its own ports, moved by the offset like every other', () => {
  const ports = Object.values(stackPorts(0));
  assert.equal(new Set(ports).size, ports.length);
  assert.equal(stackPorts(500).smtp, 1525);
  assert.equal(stackPorts(500).mail, 8525);
  const urls = stackUrls(500);
  assert.equal(urls.mail, 'http://localhost:8525');
  assert.deepEqual(mailEnv(urls), { SMTP_URL: 'smtp://127.0.0.1:1525', MAIL_FROM: process.env.MAIL_FROM || 'Toolshop <no-reply@toolshop.test>' });
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
