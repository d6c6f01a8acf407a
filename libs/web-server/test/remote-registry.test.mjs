// The shell's server with a remote registry: /remotes.json per visitor with a sticky
// canary cookie, the built-in map when the registry is down, beacons checked, limited and forwarded.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { beaconIds, clientAddress, parseBeacon } from '../src/remote-registry.mjs';
import { serveStatic } from '../src/static-server.mjs';

const builtIn = {
  storefront: 'http://localhost:1/mf-manifest.json',
  admin: 'http://localhost:3/mf-manifest.json',
};
// The one visitor the registry mock puts on the canary; a random id never is.
const canaryVisitor = 'A'.repeat(22);
const release = (version) => ({
  manifest: `http://store.test/b/storefront/${version}/mf-manifest.json`,
  version,
  integrity: {},
});

describe('the shell server with a remote registry', () => {
  const root = mkdtempSync(join(tmpdir(), 'shell-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
  const asked = [];
  const beacons = [];
  let registryUp = true;
  let registry;
  let shell;
  let proxied;

  before(async () => {
    registry = createServer((req, res) => {
      if (!registryUp) return void res.destroy();
      if (req.url?.startsWith('/remotes.json')) {
        const canary = new URL(req.url, 'http://x').searchParams.get('canary');
        asked.push(canary);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(
          JSON.stringify({ storefront: release(canary === canaryVisitor ? '2.0.0' : '1.0.0') }),
        );
      }
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        beacons.push({ ...JSON.parse(body), authorization: req.headers.authorization });
        res.writeHead(202).end('{}');
      });
    });
    await new Promise((resolve) => registry.listen(0, '127.0.0.1', resolve));
    shell = await serveStatic({
      root,
      port: 0,
      spaFallback: true,
      runtimeFiles: { '/remotes.json': builtIn, '/config.json': { apiUrl: 'http://localhost:5' } },
      registry: {
        url: `http://127.0.0.1:${registry.address().port}`,
        remoteOrigins: ['http://store.test/b'],
        token: 'shell-secret',
      },
    });
    // behind one proxy, with a small limit per client address
    proxied = await serveStatic({
      root,
      port: 0,
      runtimeFiles: { '/remotes.json': builtIn },
      registry: {
        url: `http://127.0.0.1:${registry.address().port}`,
        remoteOrigins: [],
        token: 'shell-secret',
        trustedHops: 1,
        beaconsPerMinute: 3,
      },
    });
  });
  after(async () => {
    await shell?.close();
    await proxied?.close();
    registry?.close();
  });

  it("gives a new visitor a canary cookie and the registry's versions over the built-in map", async () => {
    const answer = await fetch(`${shell.url}/remotes.json`);
    const cookie = answer.headers.get('set-cookie');
    assert.match(
      cookie,
      /^toolshop_canary=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    assert.equal(answer.headers.get('cache-control'), 'private, no-cache');
    assert.match(answer.headers.get('vary'), /Cookie/);
    const map = await answer.json();
    assert.equal(map.storefront.version, '1.0.0');
    assert.equal(map.admin, builtIn.admin);
    assert.equal(asked.at(-1), /toolshop_canary=([^;]+)/.exec(cookie)[1]);
    assert.match(
      answer.headers.get('content-security-policy'),
      /script-src 'self' http:\/\/localhost:1 http:\/\/localhost:3 http:\/\/store\.test/,
    );
  });

  it("asks with the visitor's own id and sets no new cookie; https gets Secure", async () => {
    const id = canaryVisitor;
    const answer = await fetch(`${shell.url}/remotes.json`, {
      headers: { Cookie: `other=1; toolshop_canary=${id}` },
    });
    assert.equal(answer.headers.get('set-cookie'), null);
    assert.equal((await answer.json()).storefront.version, '2.0.0');
    assert.equal(asked.at(-1), id);
    const secure = await fetch(`${shell.url}/remotes.json`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    assert.match(secure.headers.get('set-cookie'), /; Secure$/);
  });

  it('serves the last answer when the registry does not answer', async () => {
    // The last answer is set here: the tests before leave one for a random visitor id.
    const visitor = (id) => ({ headers: { Cookie: `toolshop_canary=${id.repeat(22)}` } });
    assert.equal(
      (await (await fetch(`${shell.url}/remotes.json`, visitor('A'))).json()).storefront.version,
      '2.0.0',
    );
    registryUp = false;
    const map = await (await fetch(`${shell.url}/remotes.json`, visitor('B'))).json();
    registryUp = true;
    assert.equal(map.storefront.version, '2.0.0');
    assert.equal(map.admin, builtIn.admin);
  });

  /** A page load of a visitor: its cookie and the beacon id its /remotes.json came with. */
  const pageLoad = async (server = shell, id = canaryVisitor) => {
    const answer = await fetch(`${server.url}/remotes.json`, {
      headers: { Cookie: `toolshop_canary=${id}` },
    });
    const map = await answer.json();
    return {
      cookie: `toolshop_canary=${id}`,
      beaconId: answer.headers.get('x-toolshop-beacon-id'),
      map,
    };
  };
  const post = (body, headers = {}, server = shell) =>
    fetch(`${server.url}/remotes/beacon`, { method: 'POST', body, headers });

  it("gives each page load a new signed beacon id and forwards its beacons with the shell servers' token", async () => {
    const first = await pageLoad();
    const second = await pageLoad();
    assert.match(first.beaconId, /^[\w-]+\.[\w-]+$/);
    assert.notEqual(first.beaconId, second.beaconId);
    const report = {
      remote: 'storefront',
      version: '2.0.0',
      kind: 'render',
      message: 'x'.repeat(600),
      id: first.beaconId,
    };
    assert.equal((await post(JSON.stringify(report), { Cookie: first.cookie })).status, 204);
    await new Promise((r) => setTimeout(r, 200));
    const forwarded = beacons.at(-1);
    assert.equal(forwarded.authorization, 'Bearer shell-secret');
    // the registry gets the page load's nonce (one result per page load and remote) and a keyed hash
    // of the client's address (its own limit per client), not the message nor the address
    assert.deepEqual(Object.keys(forwarded).sort(), [
      'authorization',
      'client',
      'id',
      'kind',
      'remote',
      'version',
    ]);
    assert.match(forwarded.id, /^[\w-]{22}$/);
    assert.equal(forwarded.client, beaconIds('shell-secret').client('127.0.0.1'));
    assert.notEqual(forwarded.client, beaconIds('shell-secret').client('127.0.0.2'));
    const { remote, version, kind } = forwarded;
    assert.deepEqual(
      { remote, version, kind },
      { remote: 'storefront', version: '2.0.0', kind: 'render' },
    );
    // the same page load's next beacon names the same page load
    assert.equal(
      (await post(JSON.stringify({ ...report, kind: 'ok' }), { Cookie: first.cookie })).status,
      204,
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(beacons.at(-1).id, forwarded.id);
  });

  it('refuses a beacon without a valid id of this visitor for the version it was served', async () => {
    const { cookie, beaconId } = await pageLoad();
    const before = beacons.length;
    const report = {
      remote: 'storefront',
      version: '2.0.0',
      kind: 'load',
      message: '',
      id: beaconId,
    };
    const refused = async (body, headers = { Cookie: cookie }) => {
      const answer = await post(JSON.stringify(body), headers);
      return { status: answer.status, message: (await answer.json()).message };
    };
    assert.deepEqual(await refused({ ...report, id: '' }), {
      status: 403,
      message: "the beacon's id is missing, forged, expired or another browser's",
    });
    const [payload, signature] = beaconId.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, v: { storefront: '9.9.9' } }),
    ).toString('base64url');
    assert.equal(
      (await refused({ ...report, version: '9.9.9', id: `${forgedPayload}.${signature}` })).status,
      403,
      'a changed payload',
    );
    assert.equal(
      (
        await refused({
          ...report,
          id: beaconIds('guessed-secret').issue(claims.c, { storefront: { version: '2.0.0' } }),
        })
      ).status,
      403,
      'signed with another key',
    );
    const expired = beaconIds('shell-secret', () => Date.now() - 31 * 60_000).issue(claims.c, {
      storefront: { version: '2.0.0' },
    });
    assert.equal((await refused({ ...report, id: expired })).status, 403, 'expired');
    assert.equal(
      (await refused(report, { Cookie: `toolshop_canary=${'B'.repeat(22)}` })).status,
      403,
      "another browser's id",
    );
    assert.equal((await refused(report, {})).status, 403, 'no cookie');
    assert.deepEqual(await refused({ ...report, version: '1.0.0' }), {
      status: 403,
      message: 'this page load was not served storefront 1.0.0',
    });
    assert.equal(
      (await refused({ ...report, remote: 'admin', version: '' })).status,
      403,
      'a built-in remote has no version to report',
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(beacons.length, before, 'none forwarded');
    assert.equal((await post('{"remote":"storefront","version":"1","kind":"hack"}')).status, 400);
    assert.equal((await post('not json')).status, 400);
    assert.equal(
      (await post(JSON.stringify({ ...report, message: 'y'.repeat(3000) }))).status,
      413,
    );
  });

  it('limits beacons per real client address: behind the trusted proxy, the address it forwarded', async () => {
    const { cookie, beaconId } = await pageLoad(proxied);
    const report = JSON.stringify({
      remote: 'storefront',
      version: '2.0.0',
      kind: 'ok',
      message: '',
      id: beaconId,
    });
    const from = (forwardedFor) =>
      post(report, { Cookie: cookie, 'X-Forwarded-For': forwardedFor }, proxied);
    // the client writes what it likes in front; the proxy appends the address it saw
    for (let i = 0; i < 3; i++) assert.equal((await from(`10.9.9.${i}, 203.0.113.7`)).status, 204);
    const limited = await from('10.0.0.1, 203.0.113.7');
    assert.equal(limited.status, 429);
    assert.match((await limited.json()).message, /too many beacons from this address/);
    assert.equal((await from('203.0.113.8')).status, 204, 'another client is not limited by it');
    const socket = { remoteAddress: '10.1.1.1' };
    assert.equal(
      clientAddress({ socket, headers: { 'x-forwarded-for': '1.1.1.1, 2.2.2.2' } }),
      '10.1.1.1',
      'no trusted hop: the socket',
    );
    assert.equal(
      clientAddress({ socket, headers: { 'x-forwarded-for': '1.1.1.1, 2.2.2.2' } }, 1),
      '2.2.2.2',
    );
    assert.equal(
      clientAddress({ socket, headers: { 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3' } }, 2),
      '2.2.2.2',
    );
    assert.equal(clientAddress({ socket, headers: {} }, 1), '10.1.1.1');
  });

  it("parses only the contract's beacon shape", () => {
    assert.deepEqual(parseBeacon('{"remote":"admin","version":"1.0.0+a","kind":"ok","id":"x.y"}'), {
      remote: 'admin',
      version: '1.0.0+a',
      kind: 'ok',
      message: '',
      id: 'x.y',
    });
    assert.equal(parseBeacon('{"remote":"Admin$","version":"1","kind":"ok"}'), undefined);
    assert.equal(parseBeacon('{"remote":"admin","version":1,"kind":"ok"}'), undefined);
  });
});
