import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { createServer, request } from 'node:http';
import {
  acceptedEncodings,
  composePage,
  contentSecurityPolicy,
  fragmentSource,
  imageHostsFrom,
  runtimeStyleHashes,
  serveStatic,
} from '../src/static-server.mjs';

/** A raw GET (fetch would decompress the body and hide the encoding). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
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
    writeFileSync(join(root, 'main.1a2b3c4d.js.map'), '{"sources":["secret.ts"]}');
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(tmpdir(), 'outside.txt'), 'secret');
    server = await serveStatic({
      root,
      port: 0,
      spaFallback: true,
      runtimeFiles: { '/config.json': { apiUrl: 'x' } },
    });
  });
  after(() => server.close());

  it('serves files with their type and CORS for other origins', async () => {
    const response = await get('/main.1a2b3c4d.js', {
      headers: { Origin: 'http://localhost:3000' },
    });
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
    const again = await get('/config.json', {
      headers: { 'If-None-Match': response.headers.get('etag') },
    });
    assert.equal(again.status, 304);
  });

  it('compresses text with brotli, else gzip, and sends it plain to clients that accept neither', async () => {
    const br = await rawGet(`${server.url}/big.0a1b2c3d.js`, {
      'Accept-Encoding': 'gzip, deflate, br',
    });
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
    assert.equal(
      (await get('/mf-manifest.json', { headers: { 'If-None-Match': etag } })).status,
      304,
    );
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

  it('sends frame protection, a strict referrer policy and a CSP on every answer', async () => {
    for (const path of [
      '/',
      '/dashboard/myOrders',
      '/main.1a2b3c4d.js',
      '/config.json',
      '/missing.js',
    ]) {
      const response = await get(path);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(
        response.headers.get('referrer-policy'),
        'strict-origin-when-cross-origin',
        path,
      );
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.match(response.headers.get('content-security-policy'), /frame-ancestors 'none'/, path);
    }
  });

  it('never publishes source maps', async () => {
    assert.equal((await get('/main.1a2b3c4d.js.map')).status, 404);
    assert.equal((await get('/nested/app.js.map')).status, 404);
  });

  it('never leaves its root', async () => {
    const response = await get('/..%2Foutside.txt');
    assert.notEqual(await response.text(), 'secret');
  });
});

/** A remote's server and a host's server (SPA) whose /remotes.json names it as the storefront. */
async function hostAndRemote(hostRoot, remoteRoot) {
  const remote = await serveStatic({ root: remoteRoot, port: 0 });
  const host = await serveStatic({
    root: hostRoot,
    port: 0,
    spaFallback: true,
    runtimeFiles: { '/remotes.json': { storefront: `${remote.url}/mf-manifest.json` } },
  });
  return { host, remote };
}

describe('serveStatic composing a prerendered home page from a remote fragment', () => {
  const hostRoot = mkdtempSync(join(tmpdir(), 'static-host-'));
  const remoteRoot = mkdtempSync(join(tmpdir(), 'static-remote-'));
  let host;
  let remote;
  const fragment = (html) =>
    writeFileSync(
      join(remoteRoot, 'fragments/home.json'),
      JSON.stringify({ html, stylesheets: ['home.1a2b3c4d.css'] }),
    );

  before(async () => {
    writeFileSync(
      join(hostRoot, 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(join(hostRoot, 'prerendered'));
    writeFileSync(
      join(hostRoot, 'prerendered/index.html'),
      '<html><head><meta charset="utf-8"><link rel="stylesheet" href="/shell.css"><title>T</title></head><body><div id="root" data-prerendered=""><nav>Home</nav><main><!--$--><template data-fragment="storefront/home"></template><!--/$--></main></div></body></html>',
    );
    mkdirSync(join(remoteRoot, 'fragments'));
    fragment('<h1>Tools that work</h1>');
    ({ host, remote } = await hostAndRemote(hostRoot, remoteRoot));
  });
  after(async () => {
    await host.close();
    await remote?.close();
  });

  it("serves '/' with the remote's fragment in its slot and its stylesheet linked", async () => {
    const page = await (await fetch(`${host.url}/`)).text();
    assert.match(page, /<main><!--\$--><h1>Tools that work<\/h1><!--\/\$--><\/main>/);
    // right after the shell's own stylesheets, ahead of the rest of <head>
    assert.ok(
      page.includes(
        `<link rel="stylesheet" href="/shell.css"><link rel="stylesheet" href="${remote.url}/home.1a2b3c4d.css"><title>`,
      ),
      page,
    );
    assert.ok(!page.includes('<template'), page);
    // other routes are not prerendered
    assert.equal(
      await (await fetch(`${host.url}/blogs`)).text(),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
  });

  it('serves a changed fragment at once (a redeployed remote), with a new ETag', async () => {
    const before = await fetch(`${host.url}/`);
    fragment('<h1>New season</h1>');
    const after = await fetch(`${host.url}/`, {
      headers: { 'If-None-Match': before.headers.get('etag') },
    });
    assert.equal(after.status, 200);
    assert.match(await after.text(), /<h1>New season<\/h1>/);
  });

  it("takes the shell's remote beacon (204) without storing it; a remote's server has none", async () => {
    const beacon = {
      method: 'POST',
      body: JSON.stringify({ remote: 'storefront', version: '', kind: 'ok', message: '' }),
    };
    assert.equal((await fetch(`${host.url}/remotes/beacon`, beacon)).status, 204);
    assert.equal((await fetch(`${remote.url}/remotes/beacon`, beacon)).status, 405);
  });

  it('serves index.html, as without prerendering, while the remote is down', async () => {
    await remote.close();
    remote = undefined;
    const page = await (await fetch(`${host.url}/`)).text();
    assert.equal(page, '<html><head></head><body><div id="root"></div></body></html>');
  });
});

describe('serveStatic with a table of prerendered pages (prerendered/pages.json)', () => {
  const hostRoot = mkdtempSync(join(tmpdir(), 'static-host-'));
  const remoteRoot = mkdtempSync(join(tmpdir(), 'static-remote-'));
  const plain = '<html><head></head><body><div id="root"></div></body></html>';
  const shellPage = (body) =>
    `<html><head><meta charset="utf-8"><title>T</title></head><body><div id="root" data-prerendered="">${body}</div></body></html>`;
  let host;
  let remote;

  before(async () => {
    writeFileSync(join(hostRoot, 'index.html'), plain);
    mkdirSync(join(hostRoot, 'prerendered'));
    writeFileSync(
      join(hostRoot, 'prerendered/index.html'),
      shellPage('<template data-fragment="storefront/home"></template>'),
    );
    writeFileSync(
      join(hostRoot, 'prerendered/blogs.html'),
      shellPage('<template data-fragment="storefront/blogs"></template>'),
    );
    writeFileSync(join(hostRoot, 'prerendered/login.html'), shellPage('<h1>Login</h1>'));
    writeFileSync(join(hostRoot, 'prerendered/404.html'), shellPage("<h1>Page Doesn't Exist</h1>"));
    writeFileSync(
      join(hostRoot, 'prerendered/pages.json'),
      JSON.stringify({
        pages: { '/': 'index.html', '/blogs': 'blogs.html', '/login': 'login.html' },
        notFound: '404.html',
        routes: ['/login', '/blogs', '/tools/:toolId', '/dashboard', '/dashboard/payment/:id'],
      }),
    );
    mkdirSync(join(remoteRoot, 'fragments'));
    for (const [name, html] of [
      ['home', '<h1>Tools</h1>'],
      ['blogs', '<h1>Straight answers</h1>'],
    ])
      writeFileSync(
        join(remoteRoot, `fragments/${name}.json`),
        JSON.stringify({ html, stylesheets: [`${name}.1a2b3c4d.css`] }),
      );
    ({ host, remote } = await hostAndRemote(hostRoot, remoteRoot));
  });
  after(async () => {
    await host.close();
    await remote?.close();
  });

  const page = async (path) => {
    const response = await fetch(`${host.url}${path}`);
    return { status: response.status, text: await response.text() };
  };

  it("serves each page of the table with its remote's fragment and stylesheet, or whole", async () => {
    const blogs = await page('/blogs');
    assert.equal(blogs.status, 200);
    assert.ok(
      blogs.text.includes('<h1>Straight answers</h1>') &&
        blogs.text.includes(`${remote.url}/blogs.1a2b3c4d.css`),
      blogs.text,
    );
    assert.ok(!blogs.text.includes('blogs.html'));
    assert.ok((await page('/')).text.includes('<h1>Tools</h1>'));
    assert.ok((await page('/login')).text.includes('<h1>Login</h1>'));
  });

  it('serves the prerendered 404 page for a path no route takes, and index.html for a route rendered in the browser', async () => {
    for (const path of ['/no-such-page', '/dashboard/nope', '/tools', '/blogs/2024'])
      assert.ok((await page(path)).text.includes("<h1>Page Doesn't Exist</h1>"), path);
    // routes match as React Router matches them: parameters, any case, a trailing slash
    for (const path of [
      '/tools/abc123',
      '/dashboard',
      '/Dashboard/',
      '/dashboard/payment/42',
      '/BLOGS',
    ])
      assert.equal((await page(path)).text, plain, path);
    // a missing asset stays a 404
    assert.equal((await page('/missing.js')).status, 404);
  });

  it("serves index.html for a remote's page while the remote is down, and the shell's own pages still prerendered", async () => {
    await remote.close();
    remote = undefined;
    assert.equal((await page('/blogs')).text, plain);
    assert.ok((await page('/login')).text.includes('<h1>Login</h1>'));
  });
});

describe('serveStatic sending the sign-in page to a visitor at a login-required path', () => {
  const hostRoot = mkdtempSync(join(tmpdir(), 'static-sign-in-'));
  const plain = '<html><head></head><body><div id="root"></div></body></html>';
  let host;

  before(async () => {
    writeFileSync(join(hostRoot, 'index.html'), plain);
    mkdirSync(join(hostRoot, 'prerendered'));
    writeFileSync(
      join(hostRoot, 'prerendered/login.html'),
      '<html><body><div id="root" data-prerendered=""><h1>Login</h1></div></body></html>',
    );
    writeFileSync(
      join(hostRoot, 'prerendered/login-for-tools.html'),
      '<html><body><div id="root" data-prerendered=""><h1>Login</h1><p>To order</p></div></body></html>',
    );
    writeFileSync(join(hostRoot, 'prerendered/404.html'), '<html><body>404</body></html>');
    writeFileSync(
      join(hostRoot, 'prerendered/pages.json'),
      JSON.stringify({
        pages: { '/login': 'login.html' },
        notFound: '404.html',
        routes: ['/login', '/blogs', '/tools/:toolId', '/dashboard'],
        signIn: {
          routes: { '/tools/:toolId': 'login-for-tools.html', '/dashboard': 'login.html' },
          cookie: 'hint',
        },
      }),
    );
    host = await serveStatic({ root: hostRoot, port: 0, spaFallback: true });
  });
  after(() => host.close());

  const page = async (path, cookie) => {
    const response = await fetch(`${host.url}${path}`, cookie ? { headers: { cookie } } : {});
    return { text: await response.text(), vary: response.headers.get('vary') ?? '' };
  };

  it('sends the sign-in page, marked, without the session hint; the app with it; both vary by cookie', async () => {
    for (const [path, notice] of [
      ['/tools/abc123', '<p>To order</p>'],
      ['/Dashboard/', ''],
    ]) {
      const visitor = await page(path);
      assert.ok(
        visitor.text.includes(
          `<div id="root" data-sign-in data-prerendered=""><h1>Login</h1>${notice}</div>`,
        ),
        visitor.text,
      );
      assert.match(visitor.vary, /Cookie/);
      const signedIn = await page(path, 'other=1; hint=1');
      assert.equal(signedIn.text, plain, path);
      assert.match(signedIn.vary, /Cookie/);
    }
    // the sign-in page at its own path is not marked, and public or unknown paths do not vary
    const login = await page('/login');
    assert.ok(!login.text.includes('data-sign-in') && !login.vary.includes('Cookie'));
    assert.equal((await page('/blogs')).text, plain);
    assert.equal((await page('/tools')).text, '<html><body>404</body></html>');
  });
});

describe('fragmentSource', () => {
  it("serves a slow remote's last fragment, and none once the remote is down", async () => {
    let delayMs = 0;
    const remote = createServer((req, res) => {
      setTimeout(
        () =>
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ html: '<h1>Hi</h1>' })),
        delayMs,
      );
    });
    await new Promise((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const remotes = { storefront: `http://127.0.0.1:${remote.address().port}/mf-manifest.json` };
    const fragment = fragmentSource(remotes);
    assert.equal((await fragment('storefront', 'home', remotes, 200))?.html, '<h1>Hi</h1>');
    delayMs = 1000;
    assert.equal((await fragment('storefront', 'home', remotes, 200))?.html, '<h1>Hi</h1>');
    assert.equal(
      await fragmentSource(remotes)('storefront', 'home', remotes, 200),
      undefined,
      'never seen and slow',
    );
    remote.closeAllConnections();
    await new Promise((resolve) => remote.close(resolve));
    assert.equal(await fragment('storefront', 'home', remotes, 200), undefined);
  });
});

describe('composePage with a registry release', () => {
  const sha384 = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
  const json = JSON.stringify({ html: '<h1>Hi</h1>', stylesheets: ['home.1a2b.css'] });
  let remote;
  let manifest;
  before(async () => {
    remote = createServer((req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(json),
    );
    await new Promise((resolve) => remote.listen(0, '127.0.0.1', resolve));
    manifest = `http://127.0.0.1:${remote.address().port}/storefront/2.0.0/mf-manifest.json`;
  });
  after(() => new Promise((resolve) => remote.close(resolve)));
  const page = (integrity) => {
    const remotes = { storefront: { manifest, version: '2.0.0', integrity } };
    const fragment = fragmentSource(remotes);
    return composePage(
      '<head><link rel="stylesheet" href="/s.css"></head><template data-fragment="storefront/home"></template>',
      (r, n) => fragment(r, n),
    );
  };

  it('links the stylesheets with their listed integrity when the fragment matches its hash', async () => {
    const html = await page({ 'fragments/home.json': sha384(json), 'home.1a2b.css': 'sha384-abc' });
    assert.ok(
      html.includes(
        `<link rel="stylesheet" href="${new URL('home.1a2b.css', manifest).href}" integrity="sha384-abc" crossorigin="anonymous">`,
      ),
      html,
    );
    assert.ok(html.includes('<h1>Hi</h1>'), html);
  });

  it('uses no fragment whose bytes differ from the listed hash, or that the release does not list', async () => {
    assert.equal(
      await page({ 'fragments/home.json': sha384('tampered'), 'home.1a2b.css': 'sha384-abc' }),
      undefined,
    );
    assert.equal(await page({ 'home.1a2b.css': 'sha384-abc' }), undefined);
    assert.equal(
      await page({ 'fragments/home.json': sha384(json) }),
      undefined,
      'an unlisted stylesheet',
    );
  });
});

describe('contentSecurityPolicy', () => {
  const runtimeFiles = {
    '/remotes.json': {
      storefront: 'http://localhost:3001/mf-manifest.json',
      dashboard: 'http://localhost:3002/mf-manifest.json',
    },
    '/config.json': { apiUrl: 'http://localhost:5000', authority: 'http://localhost:4000/' },
  };
  const directives = (policy) =>
    Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('lets scripts come from the page and its remotes only, never inline', () => {
    const csp = directives(contentSecurityPolicy({ runtimeFiles }));
    assert.deepEqual(csp['default-src'], ["'self'"]);
    assert.ok(csp['script-src'].includes("'self'"));
    assert.ok(csp['script-src'].includes('http://localhost:3001'));
    assert.ok(csp['script-src'].includes('http://localhost:3002'));
    assert.ok(csp['script-src'].includes('https://js.stripe.com'));
    for (const sources of Object.values(csp)) {
      assert.ok(
        !sources.includes("'unsafe-inline'") && !sources.includes("'unsafe-eval'"),
        sources.join(' '),
      );
    }
    assert.ok(!csp['script-src'].includes('http://localhost:5000'), 'the API serves no scripts');
  });

  it('takes the origins of registry-shaped remotes ({ manifest, version, integrity }) too', () => {
    const registry = {
      ...runtimeFiles,
      '/remotes.json': {
        storefront: {
          manifest: 'https://cdn.example/storefront/1.0.0+abc/mf-manifest.json',
          version: '1.0.0+abc',
          integrity: {},
        },
        dashboard: 'http://localhost:3002/mf-manifest.json',
      },
    };
    const csp = directives(contentSecurityPolicy({ runtimeFiles: registry }));
    assert.ok(csp['script-src'].includes('https://cdn.example'));
    assert.ok(csp['script-src'].includes('http://localhost:3002'));
    assert.ok(csp['style-src'].includes('https://cdn.example'));
    assert.ok(csp['connect-src'].includes('https://cdn.example'), 'the manifest is fetched');
  });

  it('connects to the API, the identity provider and the remotes; forms post to itself and the provider', () => {
    const csp = directives(contentSecurityPolicy({ runtimeFiles }));
    for (const origin of [
      'http://localhost:5000',
      'http://localhost:4000',
      'http://localhost:3001',
    ]) {
      assert.ok(csp['connect-src'].includes(origin), origin);
    }
    assert.deepEqual(csp['form-action'], ["'self'", 'http://localhost:4000']);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
    assert.deepEqual(csp['base-uri'], ["'self'"]);
    assert.deepEqual(csp['object-src'], ["'none'"]);
  });

  it('shows images from itself, the API and the https IMAGE_HOSTS only', () => {
    const csp = directives(
      contentSecurityPolicy({
        runtimeFiles,
        imageHosts: imageHostsFrom(' Images.Example.com ,cdn.test'),
      }),
    );
    assert.deepEqual(csp['img-src'], [
      "'self'",
      'data:',
      'http://localhost:5000',
      'http://localhost:3001',
      'http://localhost:3002',
      'https://images.example.com',
      'https://cdn.test',
    ]);
    assert.deepEqual(
      directives(contentSecurityPolicy({ runtimeFiles, imageHosts: imageHostsFrom('') }))['img-src']
        .length,
      5,
    );
  });

  it("allows react-toastify's stylesheet by its hash, not every inline style", () => {
    const csp = directives(contentSecurityPolicy({ runtimeFiles }));
    assert.equal(runtimeStyleHashes.length, 1);
    assert.match(runtimeStyleHashes[0], /^'sha256-[A-Za-z0-9+/]{43}='$/);
    assert.ok(csp['style-src'].includes(runtimeStyleHashes[0]));
  });

  it('lets a test stack name further origins (a second API, a moved remote)', () => {
    const csp = directives(
      contentSecurityPolicy({ runtimeFiles, testOrigins: ['http://localhost:5050'] }),
    );
    assert.ok(csp['connect-src'].includes('http://localhost:5050'));
    assert.ok(csp['script-src'].includes('http://localhost:5050'));
    assert.ok(
      !directives(contentSecurityPolicy({ runtimeFiles }))['connect-src'].includes(
        'http://localhost:5050',
      ),
    );
  });

  it('gives a page without runtime files (a bare remote) only its own origin', () => {
    const csp = directives(contentSecurityPolicy());
    assert.deepEqual(csp['connect-src'], ["'self'", 'https://api.stripe.com']);
    assert.deepEqual(csp['style-src'], ["'self'", ...runtimeStyleHashes]);
  });
});
