// The registry service end to end over HTTP, on the real object store and FerretDB, with stand-in
// gates (their own tests: gates.test.mjs) so each refusal and acceptance can be chosen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { storeConfig } from '../src/config.mjs';
import { bucketOf, createRegistry, sha384 } from '../src/registry.mjs';
import { createRegistryServer } from '../src/server.mjs';
import { createStore } from '../src/store.mjs';
import { listenLocally, startTestDatabase, startTestStore } from './support.mjs';

const tokens = { storefront: 'sf-secret', dashboard: 'db-secret', admin: 'ad-secret' };
const shellToken = 'shell-secret';
let storeServer, database, store, server, base, db;
let pageLoads = 0;
/** A new page load's id, as the shell's server issues one (its nonce). */
const pageLoad = () => `page-load-${String(++pageLoads).padStart(8, '0')}`;
let refusals = [];
/** The canary rule of every registry here: over 20 % errors in at least 10 page loads rolls back. */
const canaryRule = { maxErrorRate: 0.2, minSample: 10 };
/** Another registry process on the same database and store (what a restart is too), its gates passing. */
const registryProcess = (options = {}) =>
  createRegistry({ db, store, gates: async () => [], canary: canaryRule, ...options });

before(async () => {
  storeServer = await startTestStore();
  database = await startTestDatabase();
  store = createStore(storeConfig(storeServer.env));
  db = database.client.db(`registry-test-${Date.now()}`);
  const registry = createRegistry({ db, store, gates: async () => refusals, canary: canaryRule });
  await registry.init();
  server = createRegistryServer({
    registry,
    tokens,
    isShopAdmin: async (authorization) => authorization === 'Bearer shop-admin-jwt',
    corsOrigins: ['http://shell.test'],
    shellToken,
  });
  base = await listenLocally(server);
});
after(async () => {
  server?.close();
  store?.close();
  await database?.stop();
  await storeServer?.stop();
});

/** @param {string} method @param {string} path @param {{ token?: string, body?: unknown }} [options] @returns {Promise<{ status: number, body: any }>} */
const call = async (method, path, { token, body } = {}) => {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'Content-Type': 'application/json',
      'X-Registry-Actor': 'test',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, body: await answer.json() };
};

/** Publishes a tiny "build" of a remote to the store; returns its integrity map. */
async function publish(
  remote,
  version,
  files = { 'mf-manifest.json': `{"v":"${version}"}`, 'remoteEntry.js': `/* ${version} */` },
) {
  const integrity = {};
  for (const [file, body] of Object.entries(files)) {
    await store.putNew(`${remote}/${version}/${file}`, body, {
      contentType: 'text/plain',
      cacheControl: 'no-cache',
    });
    integrity[file] = sha384(Buffer.from(body));
  }
  return integrity;
}

const release = async (remote, version, token = tokens[remote]) =>
  call('POST', '/releases', {
    token,
    body: { remote, version, commit: 'abc1234', integrity: await publish(remote, version) },
  });

/** Releases `version` of `remote` and makes it the canary of `percent` % of page loads; returns a
 * sender of the shell's beacons for it, one new page load each. */
const startCanary = async (remote, version, percent) => {
  await release(remote, version);
  await call('POST', `/remotes/${remote}/activate`, {
    token: tokens[remote],
    body: { version, percent },
  });
  return (kind) =>
    call('POST', '/beacon', {
      token: shellToken,
      body: { remote, version, kind, id: pageLoad() },
    });
};

test('a release is recorded once, with hashes checked against the store', async () => {
  const first = await release('storefront', '1.0.0+a');
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.equal(
    first.body.manifest,
    `${storeServer.env.S3_PUBLIC_URL}/storefront/1.0.0+a/mf-manifest.json`,
  );
  const again = await call('POST', '/releases', {
    token: tokens.storefront,
    body: {
      remote: 'storefront',
      version: '1.0.0+a',
      integrity: { 'mf-manifest.json': sha384(Buffer.from('{"v":"1.0.0+a"}')) },
    },
  });
  assert.equal(again.status, 409);
  assert.match(again.body.message, /already released/);

  const integrity = await publish('storefront', '1.0.1+tampered');
  const tampered = await call('POST', '/releases', {
    token: tokens.storefront,
    body: {
      remote: 'storefront',
      version: '1.0.1+tampered',
      integrity: { ...integrity, 'remoteEntry.js': sha384(Buffer.from('other')) },
    },
  });
  assert.equal(tampered.status, 422);
  assert.match(
    tampered.body.message,
    /remoteEntry\.js of storefront 1\.0\.1\+tampered in the store does not match its hash/,
  );
  const bad = await call('POST', '/releases', {
    token: tokens.storefront,
    body: { remote: 'storefront', version: 'latest', integrity },
  });
  assert.equal(bad.status, 400);
});

test("a team's token changes only its own remote: another team's is 403, none is 401", async () => {
  const integrity = await publish('admin', '1.0.0+a');
  const body = { remote: 'admin', version: '1.0.0+a', integrity };
  assert.equal((await call('POST', '/releases', { token: tokens.storefront, body })).status, 403);
  assert.equal((await call('POST', '/releases', { token: tokens.admin, body })).status, 201);
  const activate = await call('POST', '/remotes/admin/activate', {
    token: tokens.storefront,
    body: { version: '1.0.0+a' },
  });
  assert.equal(activate.status, 403);
  assert.equal(activate.body.message, "the storefront team's token cannot change the admin remote");
  assert.equal(
    (await call('POST', '/remotes/admin/rollback', { token: tokens.storefront })).status,
    403,
  );
  assert.equal(
    (await call('POST', '/remotes/admin/activate', { body: { version: '1.0.0+a' } })).status,
    401,
  );
  assert.equal(
    (
      await call('POST', '/remotes/admin/activate', {
        token: 'guess',
        body: { version: '1.0.0+a' },
      })
    ).status,
    401,
  );
  assert.equal((await call('GET', '/remotes.json')).body.admin, undefined);
});

test('activate through the gates, then rollback: the map follows, a refusal changes nothing', async () => {
  await release('dashboard', '1.0.0+a');
  await release('dashboard', '2.0.0+b');
  assert.equal(
    (
      await call('POST', '/remotes/dashboard/activate', {
        token: tokens.dashboard,
        body: { version: '1.0.0+a', reason: 'first' },
      })
    ).status,
    200,
  );
  const one = (await call('GET', '/remotes.json?canary=whoever-1234567890')).body.dashboard;
  assert.equal(one.version, '1.0.0+a');
  assert.match(one.manifest, /\/dashboard\/1\.0\.0\+a\/mf-manifest\.json$/);
  assert.equal(one.integrity['remoteEntry.js'], sha384(Buffer.from('/* 1.0.0+a */')));

  refusals = ['the candidate does not expose ./ProfilePage'];
  const refused = await call('POST', '/remotes/dashboard/activate', {
    token: tokens.dashboard,
    body: { version: '2.0.0+b' },
  });
  refusals = [];
  assert.equal(refused.status, 422);
  assert.equal(
    refused.body.message,
    'dashboard 2.0.0+b was refused: the candidate does not expose ./ProfilePage',
  );
  assert.deepEqual(refused.body.problems, ['the candidate does not expose ./ProfilePage']);
  assert.equal((await call('GET', '/remotes.json')).body.dashboard.version, '1.0.0+a');

  assert.equal(
    (
      await call('POST', '/remotes/dashboard/activate', {
        token: tokens.dashboard,
        body: { version: '2.0.0+b' },
      })
    ).status,
    200,
  );
  assert.equal((await call('GET', '/remotes.json')).body.dashboard.version, '2.0.0+b');
  const back = await call('POST', '/remotes/dashboard/rollback', {
    token: tokens.dashboard,
    body: { reason: 'broken charts' },
  });
  assert.equal(back.body.active, '1.0.0+a');
  assert.equal((await call('GET', '/remotes.json')).body.dashboard.version, '1.0.0+a');
  assert.equal(
    (await call('POST', '/remotes/dashboard/rollback', { token: tokens.dashboard })).body.active,
    null,
  );
  assert.equal(
    (await call('GET', '/remotes.json')).body.dashboard,
    undefined,
    'back on the built-in default',
  );

  const history = await call('GET', '/history?remote=dashboard', { token: tokens.dashboard });
  assert.deepEqual(
    history.body.map((e) => [e.action, e.version, e.from ?? null]),
    [
      ['rollback', null, '1.0.0+a'],
      ['rollback', '1.0.0+a', '2.0.0+b'],
      ['activate', '2.0.0+b', '1.0.0+a'],
      ['refused', '2.0.0+b', null],
      ['activate', '1.0.0+a', null],
      ['release', '2.0.0+b', null],
      ['release', '1.0.0+a', null],
    ],
  );
  assert.equal(history.body[1].by, 'dashboard team (test)');
  assert.equal(history.body[1].reason, 'broken charts');
  assert.equal(
    (await call('GET', '/history?remote=storefront', { token: tokens.dashboard })).status,
    403,
  );
  assert.equal((await call('GET', '/history')).status, 401);
  const all = await call('GET', '/history', { token: 'shop-admin-jwt' });
  assert.equal(all.status, 200);
  assert.ok(
    all.body.some((e) => e.remote === 'admin') && all.body.some((e) => e.remote === 'dashboard'),
  );
});

test("a 50 % canary splits visitors, sticky per canary id; promote makes it everyone's", async () => {
  await release('storefront', '2.0.0+c');
  await release('storefront', '3.0.0+d');
  await call('POST', '/remotes/storefront/activate', {
    token: tokens.storefront,
    body: { version: '2.0.0+c' },
  });
  const canary = await call('POST', '/remotes/storefront/activate', {
    token: tokens.storefront,
    body: { version: '3.0.0+d', percent: 50 },
  });
  assert.deepEqual(canary.body.canary.percent, 50);
  const ids = Array.from({ length: 40 }, (_, i) => `visitor-${i}-abcdefghijkl`);
  const versions = [];
  for (const id of ids)
    versions.push((await call('GET', `/remotes.json?canary=${id}`)).body.storefront.version);
  ids.forEach((id, i) =>
    assert.equal(versions[i], bucketOf(id, 'storefront') < 50 ? '3.0.0+d' : '2.0.0+c'),
  );
  assert.ok(versions.includes('3.0.0+d') && versions.includes('2.0.0+c'));
  for (const id of ids.slice(0, 5)) {
    assert.equal(
      (await call('GET', `/remotes.json?canary=${id}`)).body.storefront.version,
      versions[ids.indexOf(id)],
      'sticky',
    );
  }
  assert.equal(
    (await call('GET', '/remotes.json')).body.storefront.version,
    '2.0.0+c',
    'no id: the active version',
  );
  const promoted = await call('POST', '/remotes/storefront/promote', { token: tokens.storefront });
  assert.equal(promoted.body.active, '3.0.0+d');
  for (const id of ids.slice(0, 10))
    assert.equal(
      (await call('GET', `/remotes.json?canary=${id}`)).body.storefront.version,
      '3.0.0+d',
    );
});

test('a canary failing above the threshold (with the minimum sample) is rolled back by the registry itself', async () => {
  const beacon = await startCanary('storefront', '4.0.0+e', 50);
  // 3 errors of 5: over 20 % but under the minimum sample of 10: nothing happens yet
  for (const kind of ['ok', 'ok', 'render', 'render', 'load'])
    assert.equal((await beacon(kind)).status, 202);
  let status = (await call('GET', '/status', { token: tokens.admin })).body.storefront;
  assert.equal(status.canary.version, '4.0.0+e');
  assert.deepEqual(status.canary.reports, { ok: 2, errors: 3 });
  for (const kind of ['ok', 'ok', 'ok', 'ok', 'render']) await beacon(kind);
  // wait for the snapshot cache of the map to let go (2 s)
  await new Promise((r) => setTimeout(r, 2100));
  status = (await call('GET', '/status', { token: tokens.admin })).body.storefront;
  assert.equal(status.canary, null);
  assert.equal(status.active.version, '3.0.0+d');
  const [last] = (await call('GET', '/history?remote=storefront', { token: tokens.storefront }))
    .body;
  assert.equal(last.action, 'rollback');
  assert.equal(last.automatic, true);
  assert.equal(last.by, 'registry');
  assert.equal(last.from, '4.0.0+e');
  assert.match(
    last.reason,
    /^automatic: error rate 40 % over 10 page loads \(threshold 20 %, minimum 10\)$/,
  );
  assert.equal(
    (await call('GET', '/remotes.json?canary=anyone-at-all-12345')).body.storefront.version,
    '3.0.0+d',
  );
  const nope = await call('POST', '/beacon', {
    token: shellToken,
    body: { remote: 'nope', version: 'x', kind: 'ok', id: pageLoad() },
  });
  assert.deepEqual(
    [nope.status, nope.body.message],
    [400, 'remote must be one of storefront, dashboard, admin'],
  );
  assert.equal(
    (
      await call('POST', '/beacon', {
        token: shellToken,
        body: { remote: 'storefront', version: '4.0.0+e', kind: 'ok' },
      })
    ).status,
    400,
    'no page load id',
  );
  assert.equal((await call('POST', '/beacon', { token: shellToken, body: [] })).status, 400);
});

test('beacon counts live in the database: a second registry process (or one restarted) sees them and decides the rollback once', async () => {
  const beacon = await startCanary('storefront', '5.0.0+f', 10);
  for (const kind of ['ok', 'ok', 'ok', 'ok', 'render', 'ok']) await beacon(kind);
  // another process on the same database, started after these reports (what a restart is too)
  const second = registryProcess();
  await second.init();
  assert.deepEqual((await second.status()).storefront.canary.reports, { ok: 5, errors: 1 });
  assert.deepEqual(
    (await second.status()).storefront.active.reports.errors,
    0,
    'the active version counts its own reports',
  );
  // the reports of both processes add up: 3 more errors through the second one tip the canary over 20 %
  const third = registryProcess();
  for (const kind of ['load', 'render'])
    await second.beacon({ remote: 'storefront', version: '5.0.0+f', kind, id: pageLoad() });
  assert.deepEqual((await third.status()).storefront.canary.reports, { ok: 5, errors: 3 });
  // both cross the threshold at the same time: one automatic rollback is recorded, not two
  await Promise.all([
    second.beacon({ remote: 'storefront', version: '5.0.0+f', kind: 'render', id: pageLoad() }),
    third.beacon({ remote: 'storefront', version: '5.0.0+f', kind: 'load', id: pageLoad() }),
  ]);
  const status = (await call('GET', '/status', { token: tokens.admin })).body.storefront;
  assert.equal(status.canary, null);
  const entries = (await call('GET', '/history?remote=storefront', { token: tokens.storefront }))
    .body;
  const automatic = entries.filter((e) => e.automatic && e.from === '5.0.0+f');
  assert.equal(automatic.length, 1);
  // The decider saw its own report and perhaps the other's, never half of a count: 4 of 9 or 5 of 10.
  assert.match(automatic[0].reason, /^automatic: error rate (44 % over 9|50 % over 10) page loads/);
});

test('activations through several registry processes at once lose none: each records the version it replaced', async () => {
  const versions = ['6.0.0+a', '6.0.1+b', '6.0.2+c', '6.0.3+d', '6.0.4+e', '6.0.5+f'];
  for (const version of versions) await release('dashboard', version);
  const processes = [1, 2, 3].map(() => registryProcess());
  // every process activates every version, all at once
  await Promise.all(
    processes.flatMap((registry, p) =>
      versions.map((version) =>
        registry.activate('dashboard', { version, reason: `p${p}` }, 'test'),
      ),
    ),
  );
  const entries = (await call('GET', '/history?remote=dashboard', { token: tokens.dashboard })).body
    .filter((e) => e.action === 'activate' && versions.includes(e.version))
    .reverse(); // oldest first
  assert.equal(entries.length, versions.length * processes.length);
  // a lost update shows as an entry whose "from" is not the version the entry before it made live
  for (let i = 1; i < entries.length; i++)
    assert.equal(
      entries[i].from,
      entries[i - 1].version,
      `activation ${i + 1} of ${entries.length}`,
    );
  assert.equal(
    (await call('GET', '/status', { token: tokens.dashboard })).body.dashboard.active.version,
    entries.at(-1).version,
  );
});

test("the shell's origin may read the history cross-origin (the admins' page), bounded; no other origin, no other operation", async () => {
  const preflight = await fetch(`${base}/history`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://shell.test', 'Access-Control-Request-Headers': 'authorization' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://shell.test');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
  const read = await fetch(`${base}/history?limit=2`, {
    headers: { Origin: 'http://shell.test', Authorization: 'Bearer shop-admin-jwt' },
  });
  assert.equal(read.headers.get('access-control-allow-origin'), 'http://shell.test');
  assert.equal((await read.json()).length, 2);
  const other = await fetch(`${base}/history`, {
    headers: { Origin: 'http://evil.test', Authorization: 'Bearer shop-admin-jwt' },
  });
  assert.equal(other.headers.get('access-control-allow-origin'), null);
  const beacon = await fetch(`${base}/beacon`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://shell.test' },
  });
  assert.equal(beacon.headers.get('access-control-allow-origin'), null);
  assert.equal((await call('GET', '/history?limit=0', { token: 'shop-admin-jwt' })).status, 400);
  assert.equal((await call('GET', '/history?limit=x', { token: 'shop-admin-jwt' })).status, 400);
});

test('the release script publishes a build immutably (hashed files cached a year, manifests revalidated) and records it', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { publish } = await import('../src/release.mjs');
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'static'));
  writeFileSync(join(dist, 'mf-manifest.json'), '{"name":"admin"}');
  writeFileSync(join(dist, 'remoteEntry.js'), 'var admin;');
  writeFileSync(join(dist, 'static/page.0123abcd.js'), 'export default 1;');
  writeFileSync(join(dist, 'static/page.0123abcd.js.map'), '{}');
  const env = { ...storeServer.env, REGISTRY_URL: base, REGISTRY_TOKEN: tokens.admin };
  const record = await publish({
    remote: 'admin',
    dist,
    version: '2.0.0+r',
    commit: 'r',
    env,
    log: () => {},
  });
  assert.equal(record.files, 3, 'every file but the source map');
  const headers = async (file) =>
    (await fetch(`${storeServer.env.S3_PUBLIC_URL}/admin/2.0.0+r/${file}`)).headers.get(
      'cache-control',
    );
  assert.equal(await headers('static/page.0123abcd.js'), 'public, max-age=31536000, immutable');
  assert.equal(await headers('mf-manifest.json'), 'no-cache');
  assert.equal(await headers('remoteEntry.js'), 'no-cache');
  assert.equal(
    (await fetch(`${storeServer.env.S3_PUBLIC_URL}/admin/2.0.0+r/static/page.0123abcd.js.map`))
      .status,
    404,
  );
  await assert.rejects(
    publish({ remote: 'admin', dist, version: '2.0.0+r', env, log: () => {} }),
    /admin 2\.0\.0\+r is already published; a version never changes/,
  );
  const other = { ...env, REGISTRY_TOKEN: tokens.storefront };
  await assert.rejects(
    publish({ remote: 'admin', dist, version: '2.0.1+r', env: other, log: () => {} }),
    /the storefront team's token cannot change the admin remote/,
  );
});

test("beacons only from the shell's servers: an anonymous or a team's post is refused and counts nothing", async () => {
  await startCanary('dashboard', '7.0.0+a', 50);
  const body = { remote: 'dashboard', version: '7.0.0+a', kind: 'render', id: pageLoad() };
  for (let i = 0; i < 100; i++) {
    const anonymous = await call('POST', '/beacon', { body: { ...body, id: pageLoad() } });
    assert.equal(anonymous.status, 401);
  }
  const anonymous = await call('POST', '/beacon', { body });
  assert.equal(
    anonymous.body.message,
    "beacons are taken only from the shell's servers (Authorization: Bearer <REGISTRY_SHELL_TOKEN>)",
  );
  assert.equal(
    (await call('POST', '/beacon', { token: tokens.dashboard, body })).status,
    401,
    "a team's token",
  );
  assert.equal((await call('POST', '/beacon', { token: 'shell-secreT', body })).status, 401);
  const status = (await call('GET', '/status', { token: tokens.dashboard })).body.dashboard;
  assert.equal(status.canary.version, '7.0.0+a');
  assert.deepEqual(status.canary.reports, { ok: 0, errors: 0 });
});

test('each page load counts once per remote, ok or failed: a replay counts once, a failure after its ok makes it one failure', async () => {
  const post = (kind, id) =>
    call('POST', '/beacon', {
      token: shellToken,
      body: { remote: 'dashboard', version: '7.0.0+a', kind, id },
    });
  const reports = async () =>
    (await call('GET', '/status', { token: tokens.dashboard })).body.dashboard.canary.reports;
  const replayed = pageLoad();
  assert.deepEqual((await post('ok', replayed)).body, { counted: true });
  for (let i = 0; i < 20; i++)
    assert.deepEqual((await post('ok', replayed)).body, { counted: false });
  assert.deepEqual(await reports(), { ok: 1, errors: 0 });
  // a page that always fails: it rendered ("ok"), then threw ("render"), then could not load a chunk
  const failing = [pageLoad(), pageLoad()];
  for (const id of failing) {
    await post('ok', id);
    assert.deepEqual((await post('render', id)).body, { counted: true });
    assert.deepEqual((await post('load', id)).body, { counted: false });
    assert.deepEqual((await post('ok', id)).body, { counted: false });
  }
  // 3 page loads: 1 ok, 2 failed (a failing page does not read 50 %)
  assert.deepEqual(await reports(), { ok: 1, errors: 2 });
  await call('POST', '/remotes/dashboard/rollback', { token: tokens.dashboard });
});

/** A registry on the same database whose store answers `tampered` for the files named there. */
const withTamperedStore = (tampered) =>
  registryProcess({
    store: {
      ...store,
      get: async (key) => (key in tampered ? Buffer.from(tampered[key]) : store.get(key)),
    },
  });

test("activation checks every file's sha384 in the store again: a release changed since, or with a file gone, is refused", async () => {
  await release('admin', '3.0.0+good');
  await release('admin', '3.0.1+changed');
  const registry = withTamperedStore({ 'admin/3.0.1+changed/remoteEntry.js': 'alert("evil")' });
  await registry.activate('admin', { version: '3.0.0+good' }, 'admin team');
  await assert.rejects(
    registry.activate('admin', { version: '3.0.1+changed' }, 'admin team'),
    (/** @type {any} */ error) => {
      assert.equal(error.status, 422);
      assert.equal(
        error.message,
        'admin 3.0.1+changed was refused: remoteEntry.js of admin 3.0.1+changed in the store does not match its recorded sha384',
      );
      return true;
    },
  );
  const gone = {
    ...store,
    get: async (key) => (key.endsWith('3.0.0+good/mf-manifest.json') ? undefined : store.get(key)),
  };
  const another = registryProcess({ store: gone });
  await assert.rejects(
    another.activate('admin', { version: '3.0.0+good' }, 'admin team'),
    /mf-manifest\.json of admin 3\.0\.0\+good is missing from the store/,
  );
  assert.equal((await registry.status()).admin.active.version, '3.0.0+good');
  const [last] = (await call('GET', '/history?remote=admin', { token: tokens.admin })).body;
  assert.equal(last.action, 'refused');
});

test('an active version failing above the threshold falls back to the version before it by itself, recorded as automatic, once', async () => {
  await release('admin', '3.1.0+tampered');
  await call('POST', '/remotes/admin/activate', {
    token: tokens.admin,
    body: { version: '3.1.0+tampered', reason: 'looked fine' },
  });
  const post = (kind) =>
    call('POST', '/beacon', {
      token: shellToken,
      body: { remote: 'admin', version: '3.1.0+tampered', kind, id: pageLoad() },
    });
  // 2 errors of 10: at the threshold, not over it: nothing happens
  for (const kind of ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'load', 'load'])
    await post(kind);
  let status = (await call('GET', '/status', { token: tokens.admin })).body.admin;
  assert.equal(status.active.version, '3.1.0+tampered');
  assert.deepEqual(status.active.reports, { ok: 8, errors: 2 });
  await post('load');
  status = (await call('GET', '/status', { token: tokens.admin })).body.admin;
  assert.equal(status.active.version, '3.0.0+good');
  const entries = (await call('GET', '/history?remote=admin', { token: tokens.admin })).body;
  assert.deepEqual(
    { ...entries[0], at: undefined },
    {
      remote: 'admin',
      action: 'rollback',
      version: '3.0.0+good',
      from: '3.1.0+tampered',
      by: 'registry',
      automatic: true,
      at: undefined,
      reason: 'automatic: error rate 27 % over 11 page loads (threshold 20 %, minimum 10)',
    },
  );
  // later reports of the old version change nothing more
  await new Promise((r) => setTimeout(r, 2100));
  for (let i = 0; i < 5; i++) await post('load');
  assert.equal(
    (await call('GET', '/history?remote=admin', { token: tokens.admin })).body.filter(
      (e) => e.automatic && e.from === '3.1.0+tampered',
    ).length,
    1,
  );
  assert.equal((await call('GET', '/remotes.json')).body.admin.version, '3.0.0+good');
});

test('the automatic fallback skips a version whose files no longer match: back to the built-in map', async () => {
  await release('admin', '3.2.0+next');
  await call('POST', '/remotes/admin/activate', {
    token: tokens.admin,
    body: { version: '3.2.0+next' },
  });
  // the version before it (3.0.0+good) has been changed in the store meanwhile
  const registry = withTamperedStore({ 'admin/3.0.0+good/remoteEntry.js': 'changed' });
  for (let i = 0; i < 10; i++)
    await registry.beacon({ remote: 'admin', version: '3.2.0+next', kind: 'load', id: pageLoad() });
  const status = await registry.status();
  assert.equal(status.admin.active, null);
  const [last] = (await call('GET', '/history?remote=admin', { token: tokens.admin })).body;
  assert.deepEqual(
    [last.action, last.version, last.from, last.automatic],
    ['rollback', null, '3.2.0+next', true],
  );
});

test('an active version is judged on its recent page loads: weeks of good ones do not hide it failing now', async () => {
  await release('dashboard', '8.0.0+base');
  await release('dashboard', '8.1.0+later-broken');
  let clock = Date.now();
  const registry = registryProcess({
    canary: { ...canaryRule, activeWindowMs: 15 * 60_000 },
    now: () => new Date(clock),
  });
  await registry.activate('dashboard', { version: '8.0.0+base' }, 'dashboard team');
  await registry.activate('dashboard', { version: '8.1.0+later-broken' }, 'dashboard team');
  for (let i = 0; i < 60; i++)
    await registry.beacon({
      remote: 'dashboard',
      version: '8.1.0+later-broken',
      kind: 'ok',
      id: pageLoad(),
    });
  // an hour later a file behind it goes bad: 12 failures of 72 page loads since its activation (17 %),
  // but 12 of 12 in the last 15 minutes
  clock += 3600_000;
  for (let i = 0; i < 12; i++)
    await registry.beacon({
      remote: 'dashboard',
      version: '8.1.0+later-broken',
      kind: 'load',
      id: pageLoad(),
    });
  const status = await registry.status();
  assert.equal(status.dashboard.active?.version, '8.0.0+base');
  assert.deepEqual(
    (await registry.history('dashboard', 1)).map((e) => [
      e.action,
      e.version,
      e.from,
      e.automatic,
      e.reason,
    ]),
    [
      [
        'rollback',
        '8.0.0+base',
        '8.1.0+later-broken',
        true,
        'automatic: error rate 100 % over 10 page loads (threshold 20 %, minimum 10)',
      ],
    ],
  );
});

test('page load results are limited per client address in the database, across every shell server and registry process', async () => {
  await release('dashboard', '9.0.0+busy');
  const registries =
    /** @type {[ReturnType<typeof createRegistry>, ReturnType<typeof createRegistry>]} */ (
      [1, 2].map(() =>
        registryProcess({
          canary: { ...canaryRule, minSample: 1000 },
          beaconsPerClientMinute: 3,
        }),
      )
    );
  await registries[0].activate('dashboard', { version: '9.0.0+busy' }, 'dashboard team');
  const report = (registry, client) =>
    registry.beacon({
      remote: 'dashboard',
      version: '9.0.0+busy',
      kind: 'load',
      id: pageLoad(),
      client,
    });
  // three page loads of one client through two processes; the fourth is refused by either
  assert.equal(await report(registries[0], 'client-hash-aaaa'), true);
  assert.equal(await report(registries[1], 'client-hash-aaaa'), true);
  assert.equal(await report(registries[0], 'client-hash-aaaa'), true);
  for (const registry of registries) {
    await assert.rejects(report(registry, 'client-hash-aaaa'), (/** @type {any} */ error) => {
      assert.deepEqual(
        [error.status, error.message],
        [429, 'too many beacons from this client address; try again in a minute'],
      );
      return true;
    });
  }
  assert.equal(
    await report(registries[1], 'client-hash-bbbb'),
    true,
    'another client is not limited by it',
  );
  assert.deepEqual((await registries[0].status()).dashboard.active.reports, { ok: 0, errors: 4 });
  const bad = await call('POST', '/beacon', {
    token: shellToken,
    body: {
      remote: 'dashboard',
      version: '9.0.0+busy',
      kind: 'ok',
      id: pageLoad(),
      client: 'an address!',
    },
  });
  assert.equal(bad.status, 400);
});

test('a second rollback in a row returns to the version before, not to the built-in map; a canary rollback in between changes nothing', async () => {
  for (const version of ['11.0.0+one', '12.0.0+two', '13.0.0+three', '14.0.0+canary'])
    await release('dashboard', version);
  const before = (await call('GET', '/remotes.json')).body.dashboard?.version ?? null;
  for (const version of ['11.0.0+one', '12.0.0+two', '13.0.0+three']) {
    assert.equal(
      (
        await call('POST', '/remotes/dashboard/activate', {
          token: tokens.dashboard,
          body: { version },
        })
      ).status,
      200,
    );
  }
  assert.equal(
    (
      await call('POST', '/remotes/dashboard/activate', {
        token: tokens.dashboard,
        body: { version: '14.0.0+canary', percent: 10 },
      })
    ).status,
    200,
  );
  const rollback = async () =>
    (await call('POST', '/remotes/dashboard/rollback', { token: tokens.dashboard })).body;
  assert.deepEqual(
    [(await rollback()).active, (await rollback()).active],
    ['13.0.0+three', '12.0.0+two'],
    'the canary ends first, then three goes',
  );
  assert.equal(
    (await rollback()).active,
    '11.0.0+one',
    'the second rollback in a row goes one version further back',
  );
  assert.equal((await call('GET', '/remotes.json')).body.dashboard.version, '11.0.0+one');
  assert.equal((await rollback()).active, before, 'what was live before the first of them');
});
