import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { storeConfig } from '../src/config.mjs';
import { createStore } from '../src/store.mjs';
import { repoRoot } from '@toolshop/settings/repo-root';
import { startTestStore } from './support.mjs';

let server;
let store;
before(async () => {
  server = await startTestStore();
  store = createStore(storeConfig(server.env));
});
after(async () => {
  store?.close();
  await server?.stop();
});

test('the AWS SDK writes to the local object store, which serves the object publicly with its headers', async () => {
  await store.putNew('storefront/1.0.0+abc/remoteEntry.js', 'console.log(1)', {
    contentType: 'text/javascript; charset=utf-8',
    cacheControl: 'no-cache',
  });
  await store.putNew('storefront/1.0.0+abc/static/js/a.12345678.js', 'x', {
    contentType: 'text/javascript; charset=utf-8',
    cacheControl: 'public, max-age=31536000, immutable',
  });
  const entry = await fetch(store.urlOf('storefront/1.0.0+abc/remoteEntry.js'), {
    headers: { Origin: 'http://localhost:3000' },
  });
  assert.equal(entry.status, 200);
  assert.equal(await entry.text(), 'console.log(1)');
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  assert.equal(entry.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(entry.headers.get('access-control-allow-origin'), '*');
  const chunk = await fetch(store.urlOf('storefront/1.0.0+abc/static/js/a.12345678.js'));
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(
    (await store.get('storefront/1.0.0+abc/remoteEntry.js'))?.toString(),
    'console.log(1)',
  );
  assert.equal(await store.get('storefront/nothing'), undefined);
  assert.equal(await store.exists('storefront/1.0.0+abc/remoteEntry.js'), true);
  assert.equal(await store.exists('storefront/nothing'), false);
});

test('a published key is never overwritten', async () => {
  await store.putNew('admin/1.0.0+abc/mf-manifest.json', '{"v":1}', {
    contentType: 'application/json',
    cacheControl: 'no-cache',
  });
  await assert.rejects(
    store.putNew('admin/1.0.0+abc/mf-manifest.json', '{"v":2}', {
      contentType: 'application/json',
      cacheControl: 'no-cache',
    }),
    { code: 'exists', message: /already published/ },
  );
  assert.equal((await store.get('admin/1.0.0+abc/mf-manifest.json'))?.toString(), '{"v":1}');
});

// The store is not writable by anyone; a team writes only new keys of its own remote.
test('anonymous callers only read: no upload, overwrite, delete or bucket', async () => {
  await store.putNew('storefront/3.0.0+s/mf-manifest.json', '{"v":"released"}', {
    contentType: 'application/json',
    cacheControl: 'no-cache',
  });
  const url = store.urlOf('storefront/3.0.0+s/mf-manifest.json');
  for (const [method, target] of [
    ['PUT', url],
    ['PUT', store.urlOf('storefront/3.0.1+s/mf-manifest.json')],
    ['DELETE', url],
    ['PUT', `${server.base}/another-bucket`],
    ['DELETE', `${server.base}/${store.config.bucket}`],
  ]) {
    const answer = await fetch(target, {
      method,
      body: method === 'PUT' ? '{"v":"forged"}' : undefined,
    });
    assert.equal(answer.status, 403, `${method} ${target}`);
    assert.match(await answer.text(), /AccessDenied/);
  }
  assert.equal(await (await fetch(url)).text(), '{"v":"released"}');
});

test("each team writes under its own prefix only, the registry's key reads only, nobody deletes", async () => {
  const storefront = createStore(storeConfig(server.envFor('storefront')));
  const registry = createStore(storeConfig(server.envFor('registry')));
  const forged = createStore(
    storeConfig({
      ...server.envFor('storefront'),
      AWS_SECRET_ACCESS_KEY: 'not-the-secret-of-this-key',
    }),
  );
  const options = { contentType: 'text/javascript', cacheControl: 'no-cache' };
  try {
    await storefront.putNew('storefront/4.0.0+t/remoteEntry.js', 'ok', options);
    await assert.rejects(storefront.putNew('admin/4.0.0+t/remoteEntry.js', 'x', options), {
      name: 'AccessDenied',
      message: /may not write admin\/4\.0\.0\+t\/remoteEntry\.js/,
    });
    await assert.rejects(registry.putNew('storefront/4.0.1+t/remoteEntry.js', 'x', options), {
      name: 'AccessDenied',
      message: /none, read only/,
    });
    await assert.rejects(forged.putNew('storefront/4.0.2+t/remoteEntry.js', 'x', options), {
      name: 'SignatureDoesNotMatch',
    });
    assert.equal((await registry.get('storefront/4.0.0+t/remoteEntry.js'))?.toString(), 'ok');
    const { DeleteObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
    const config = storeConfig(server.envFor('storefront'));
    const client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: config.credentials,
    });
    await assert.rejects(
      client.send(
        new DeleteObjectCommand({
          Bucket: config.bucket,
          Key: 'storefront/4.0.0+t/remoteEntry.js',
        }),
      ),
      { name: 'AccessDenied' },
    );
    client.destroy();
    assert.equal((await registry.get('storefront/4.0.0+t/remoteEntry.js'))?.toString(), 'ok');
  } finally {
    for (const each of [storefront, registry, forged]) each.close();
  }
});

test("the store's own Go tests pass (its SigV4 check and its rules, infra/objectstore/guard_test.go)", () => {
  const run = spawnSync('go', ['test', '-count=1', '.'], {
    cwd: join(repoRoot, 'infra/objectstore'),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
});
