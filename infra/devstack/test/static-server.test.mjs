import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { request } from 'node:http';
import { acceptedEncodings, serveStatic } from '../src/static-server.mjs';

/** A raw GET (fetch would decompress the body and hide the encoding). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const bigScript = `export const tools = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `drill ${i}` })))};`;

describe('serveStatic', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-'));
  let server;
  const get = (path, init) => fetch(`${server.url}${path}`, init);

  before(async () => {
    writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(root, 'main.1a2b3c4d.js'), 'console.log(1)');
    writeFileSync(join(root, 'mf-manifest.json'), '{}');
    writeFileSync(join(root, 'big.0a1b2c3d.js'), bigScript);
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

  it('serves the runtime files from memory, revalidated on every use', async () => {
    const response = await get('/config.json');
    assert.deepEqual(await response.json(), { apiUrl: 'x' });
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    const again = await get('/config.json', { headers: { 'If-None-Match': response.headers.get('etag') } });
    assert.equal(again.status, 304);
  });

  it('compresses text with brotli, else gzip, and sends it plain to clients that accept neither', async () => {
    const br = await rawGet(`${server.url}/big.0a1b2c3d.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.body.length < bigScript.length / 3, `${br.body.length} bytes`);
    assert.equal(brotliDecompressSync(br.body).toString(), bigScript);

    const gz = await rawGet(`${server.url}/big.0a1b2c3d.js`, { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');

    const plain = await rawGet(`${server.url}/big.0a1b2c3d.js`, {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), bigScript);
  });

  it('answers 304 when the client already has the current file, 200 once it changed', async () => {
    const first = await get('/mf-manifest.json');
    const etag = first.headers.get('etag');
    assert.equal((await get('/mf-manifest.json', { headers: { 'If-None-Match': etag } })).status, 304);
    writeFileSync(join(root, 'mf-manifest.json'), '{"changed":true}');
    const changed = await get('/mf-manifest.json', { headers: { 'If-None-Match': etag } });
    assert.equal(changed.status, 200);
    assert.deepEqual(await changed.json(), { changed: true });
  });

  it('reads Accept-Encoding with its weights', () => {
    assert.deepEqual(acceptedEncodings('gzip, deflate, br, zstd'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('br;q=0, gzip;q=0.5'), ['gzip']);
    assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings(''), []);
  });

  it('never leaves its root', async () => {
    const response = await get('/..%2Foutside.txt');
    assert.notEqual(await response.text(), 'secret');
  });
});
