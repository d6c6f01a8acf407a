// Preview links at the shell's server (release hardening): the browser holding a valid preview cookie
// gets the candidate in its /remotes.json; any other browser, a forged or an expired cookie, the map as before.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { previewTokens } from '../src/preview.mjs';
import { remoteRegistry } from '../src/remote-registry.mjs';

const candidate = {
  manifest: 'http://store/storefront/0.2.0+c/mf-manifest.json',
  version: '0.2.0+c',
  integrity: { 'mf-manifest.json': 'sha384-x' },
};
const live = {
  manifest: 'http://store/storefront/0.1.0+a/mf-manifest.json',
  version: '0.1.0+a',
  integrity: {},
};
const builtIn = {
  storefront: 'http://localhost:3001/mf-manifest.json',
  dashboard: 'http://localhost:3002/mf-manifest.json',
};
let registry;
let url;
before(async () => {
  registry = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    res.setHeader('Content-Type', 'application/json');
    if (path === '/remotes.json') return res.end(JSON.stringify({ storefront: live }));
    if (path === `/releases/storefront/${encodeURIComponent(candidate.version)}`)
      return res.end(JSON.stringify(candidate));
    res.statusCode = 404;
    res.end('{"message":"not a recorded release"}');
  });
  await new Promise((resolve) => registry.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${registry.address().port}`;
});
after(() => registry.close());

const request = (cookie) => ({ headers: { cookie }, socket: {} });
const response = () => ({ headers: {}, setHeader() {}, appendHeader() {} });

test('only the browser with a valid preview cookie gets the candidate', async () => {
  const remotes = remoteRegistry({ url, builtIn, previewKey: 'the-key', log: () => {} });
  const token = previewTokens('the-key').issue('storefront', candidate.version, 10);
  const cookie = (value) => `toolshop_canary=abcdefghijklmnopqrstuv; toolshop_preview=${value}`;
  assert.deepEqual(
    (await remotes.mapFor(request(cookie(token)), response())).storefront,
    candidate,
  );
  assert.deepEqual(
    (await remotes.mapFor(request('toolshop_canary=abcdefghijklmnopqrstuv'), response()))
      .storefront,
    live,
  );
  const forged = previewTokens('another-key').issue('storefront', candidate.version, 10);
  assert.deepEqual((await remotes.mapFor(request(cookie(forged)), response())).storefront, live);
  const expired = previewTokens('the-key', () => Date.now() - 3600_000).issue(
    'storefront',
    candidate.version,
    10,
  );
  assert.deepEqual((await remotes.mapFor(request(cookie(expired)), response())).storefront, live);
  // a version the registry never recorded: the live one
  const unknown = previewTokens('the-key').issue('storefront', '9.9.9', 10);
  assert.deepEqual((await remotes.mapFor(request(cookie(unknown)), response())).storefront, live);
});

test('without a preview key (none in env, none given) no preview is served', async () => {
  const saved = process.env.PREVIEW_SIGNING_KEY;
  delete process.env.PREVIEW_SIGNING_KEY;
  try {
    const remotes = remoteRegistry({ url, builtIn, log: () => {} });
    const token = previewTokens('').issue('storefront', candidate.version, 10);
    assert.deepEqual(
      (await remotes.mapFor(request(`toolshop_preview=${token}`), response())).storefront,
      live,
    );
    process.env.PREVIEW_SIGNING_KEY = 'from-env';
    const fromEnv = remoteRegistry({ url, builtIn, log: () => {} });
    const signed = previewTokens('from-env').issue('storefront', candidate.version, 10);
    assert.deepEqual(
      (await fromEnv.mapFor(request(`toolshop_preview=${signed}`), response())).storefront,
      candidate,
    );
  } finally {
    if (saved === undefined) delete process.env.PREVIEW_SIGNING_KEY;
    else process.env.PREVIEW_SIGNING_KEY = saved;
  }
});
