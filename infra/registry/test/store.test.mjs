import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { storeConfig } from '../src/config.mjs';
import { createStore } from '../src/store.mjs';
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
  const entry = await fetch(store.urlOf('storefront/1.0.0+abc/remoteEntry.js'), { headers: { Origin: 'http://localhost:3000' } });
  assert.equal(entry.status, 200);
  assert.equal(await entry.text(), 'console.log(1)');
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  assert.equal(entry.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(entry.headers.get('access-control-allow-origin'), '*');
  const chunk = await fetch(store.urlOf('storefront/1.0.0+abc/static/js/a.12345678.js'));
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal((await store.get('storefront/1.0.0+abc/remoteEntry.js'))?.toString(), 'console.log(1)');
  assert.equal(await store.get('storefront/nothing'), undefined);
  assert.equal(await store.exists('storefront/1.0.0+abc/remoteEntry.js'), true);
  assert.equal(await store.exists('storefront/nothing'), false);
});

test('a published key is never overwritten', async () => {
  await store.putNew('admin/1.0.0+abc/mf-manifest.json', '{"v":1}', { contentType: 'application/json', cacheControl: 'no-cache' });
  await assert.rejects(
    store.putNew('admin/1.0.0+abc/mf-manifest.json', '{"v":2}', { contentType: 'application/json', cacheControl: 'no-cache' }),
    { code: 'exists', message: /already published/ },
  );
  assert.equal((await store.get('admin/1.0.0+abc/mf-manifest.json'))?.toString(), '{"v":1}');
});
