import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { serveStatic } from '../src/static-server.mjs';

describe('serveStatic', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-'));
  let server;
  const get = (path, init) => fetch(`${server.url}${path}`, init);

  before(async () => {
    writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(root, 'main.1a2b3c4d.js'), 'console.log(1)');
    writeFileSync(join(root, 'mf-manifest.json'), '{}');
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(tmpdir(), 'outside.txt'), 'secret');
    server = await serveStatic({ root, port: 0, spaFallback: true, runtimeFiles: { '/config.json': { apiUrl: 'x' } } });
  });
  after(() => server.close());

  it('serves files with their type and CORS for other origins', async () => {
    const response = await get('/main.1a2b3c4d.js', { headers: { Origin: 'http://localhost:3000' } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /text\/javascript/);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('cache-control'), /immutable/);
  });

  it('keeps entry files fresh (a moved remote is seen at once)', async () => {
    assert.equal((await get('/mf-manifest.json')).headers.get('cache-control'), 'no-cache');
  });

  it('answers deep links of the SPA with index.html but missing assets with 404', async () => {
    const page = await get('/dashboard/myOrders');
    assert.equal(page.status, 200);
    assert.equal(await page.text(), '<div id="root"></div>');
    assert.equal((await get('/missing.js')).status, 404);
  });

  it('serves the runtime files from memory, never cached', async () => {
    const response = await get('/config.json');
    assert.deepEqual(await response.json(), { apiUrl: 'x' });
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  it('never leaves its root', async () => {
    const response = await get('/..%2Foutside.txt');
    assert.notEqual(await response.text(), 'secret');
  });
});
