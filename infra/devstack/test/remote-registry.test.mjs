// The shell's server with a remote registry (issue 17): /remotes.json per visitor with a sticky
// canary cookie, the built-in map when the registry is down, beacons checked, limited and forwarded.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseBeacon } from '../src/remote-registry.mjs';
import { serveStatic } from '../src/static-server.mjs';

const builtIn = { storefront: 'http://localhost:1/mf-manifest.json', admin: 'http://localhost:3/mf-manifest.json' };
const release = (version) => ({ manifest: `http://store.test/b/storefront/${version}/mf-manifest.json`, version, integrity: {} });

describe('the shell server with a remote registry', () => {
  const root = mkdtempSync(join(tmpdir(), 'shell-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
  const asked = [];
  const beacons = [];
  let registryUp = true;
  let registry;
  let shell;

  before(async () => {
    registry = createServer((req, res) => {
      if (!registryUp) return void res.destroy();
      if (req.url?.startsWith('/remotes.json')) {
        const canary = new URL(req.url, 'http://x').searchParams.get('canary');
        asked.push(canary);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify({ storefront: release(canary?.startsWith('A') ? '2.0.0' : '1.0.0') }));
      }
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        beacons.push(JSON.parse(body));
        res.writeHead(202).end('{}');
      });
    });
    await new Promise((resolve) => registry.listen(0, '127.0.0.1', resolve));
    shell = await serveStatic({
      root,
      port: 0,
      spaFallback: true,
      runtimeFiles: { '/remotes.json': builtIn, '/config.json': { apiUrl: 'http://localhost:5' } },
      registry: { url: `http://127.0.0.1:${registry.address().port}`, remoteOrigins: ['http://store.test/b'] },
    });
  });
  after(async () => {
    await shell?.close();
    registry?.close();
  });

  it('gives a new visitor a canary cookie and the registry\'s versions over the built-in map', async () => {
    const answer = await fetch(`${shell.url}/remotes.json`);
    const cookie = answer.headers.get('set-cookie');
    assert.match(cookie, /^toolshop_canary=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    assert.equal(answer.headers.get('cache-control'), 'private, no-cache');
    assert.match(answer.headers.get('vary'), /Cookie/);
    const map = await answer.json();
    assert.equal(map.storefront.version, '1.0.0');
    assert.equal(map.admin, builtIn.admin);
    assert.equal(asked.at(-1), /toolshop_canary=([^;]+)/.exec(cookie)[1]);
    assert.match(answer.headers.get('content-security-policy'), /script-src 'self' http:\/\/localhost:1 http:\/\/localhost:3 http:\/\/store\.test/);
  });

  it('asks with the visitor\'s own id and sets no new cookie; https gets Secure', async () => {
    const id = 'A'.repeat(22);
    const answer = await fetch(`${shell.url}/remotes.json`, { headers: { Cookie: `other=1; toolshop_canary=${id}` } });
    assert.equal(answer.headers.get('set-cookie'), null);
    assert.equal((await answer.json()).storefront.version, '2.0.0');
    assert.equal(asked.at(-1), id);
    const secure = await fetch(`${shell.url}/remotes.json`, { headers: { 'X-Forwarded-Proto': 'https' } });
    assert.match(secure.headers.get('set-cookie'), /; Secure$/);
  });

  it('serves the last answer when the registry does not answer', async () => {
    // The last answer is set here: the tests before leave one for a random visitor id (a canary for 1 in 64).
    const visitor = (id) => ({ headers: { Cookie: `toolshop_canary=${id.repeat(22)}` } });
    assert.equal((await (await fetch(`${shell.url}/remotes.json`, visitor('A'))).json()).storefront.version, '2.0.0');
    registryUp = false;
    const map = await (await fetch(`${shell.url}/remotes.json`, visitor('B'))).json();
    registryUp = true;
    assert.equal(map.storefront.version, '2.0.0');
    assert.equal(map.admin, builtIn.admin);
  });

  it('forwards well-formed beacons and refuses the rest', async () => {
    const post = (body, headers = {}) => fetch(`${shell.url}/remotes/beacon`, { method: 'POST', body, headers });
    const report = { remote: 'storefront', version: '2.0.0', kind: 'render', message: 'x'.repeat(600) };
    assert.equal((await post(JSON.stringify(report))).status, 204);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(beacons.at(-1), { ...report, message: 'x'.repeat(500) });
    assert.equal((await post('{"remote":"storefront","version":"1","kind":"hack"}')).status, 400);
    assert.equal((await post('not json')).status, 400);
    assert.equal((await post(JSON.stringify({ ...report, message: 'y'.repeat(3000) }))).status, 413);
    const before = beacons.length;
    // 130 in a row: at most 60 per minute go on, even if a minute ends meanwhile (then at most 120)
    for (let i = 0; i < 130; i++) assert.equal((await post(JSON.stringify({ ...report, kind: 'ok' }))).status, 204);
    await new Promise((r) => setTimeout(r, 300));
    const forwarded = beacons.length - before;
    assert.ok(forwarded <= 120 && forwarded >= 59, `rate-limited per client address: ${forwarded} of 130 forwarded`);
  });

  it('parses only the contract\'s beacon shape', () => {
    assert.deepEqual(parseBeacon('{"remote":"admin","version":"1.0.0+a","kind":"ok"}'), { remote: 'admin', version: '1.0.0+a', kind: 'ok', message: '' });
    assert.equal(parseBeacon('{"remote":"Admin$","version":"1","kind":"ok"}'), undefined);
    assert.equal(parseBeacon('{"remote":"admin","version":1,"kind":"ok"}'), undefined);
  });
});
