// A small static server for the production builds: CORS for the remotes (the shell loads their
// chunks cross-origin), SPA fallback for the shell, and the runtime JSON files served from memory.
// Every answer carries a strict Content-Security-Policy derived from those runtime files, frame
// protection and no referrer beyond the origin; source maps are never served.
// Text files go out brotli- or gzip-compressed (compressed once, kept in memory); content-hashed
// files are cached for a year, everything else is revalidated with an ETag on every use.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { repoRoot } from '@toolshop/settings/repo-root';
import { cookieOf, remoteRegistry } from './remote-registry.mjs';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// Files whose name carries a content hash never change; the entry points (index.html,
// remoteEntry.js, mf-manifest.json, the runtime files) must be revalidated on every use.
const hashed = /\.[0-9a-f]{8}\.(js|css)$/;
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

// Images and fonts are compressed already; tiny bodies are not worth a compressed copy.
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
const minCompressBytes = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings a client accepts, best first (brotli, then gzip), honouring q=0. */
export function acceptedEncodings(header = '') {
  const accepted = new Map();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ['br', 'gzip'].filter(ok);
}

/** A body and its compressed variants, computed once. */
function entity(body, ext) {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const variants = { identity: Promise.resolve(body) };
  if (compressible.has(ext) && body.length >= minCompressBytes) {
    variants.br = brotli(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    variants.gzip = gzipAsync(body, { level: 9 });
  }
  return { etag, variants };
}

// Stripe.js and the frames it opens (https://docs.stripe.com/security/guide#content-security-policy):
// the dashboard loads it only when the API names Stripe as the payment provider.
const stripe = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

// The one <style> element the apps add at run time: react-toastify puts its stylesheet (the text of
// its ReactToastify.css) into the page. Allowed by its hash, so no other inline style is.
const toastifyCss = join(repoRoot, 'node_modules/react-toastify/dist/ReactToastify.css');
export const runtimeStyleHashes = existsSync(toastifyCss)
  ? [`'sha256-${createHash('sha256').update(readFileSync(toastifyCss)).digest('base64')}'`]
  : [];

/** A /remotes.json value: the manifest URL itself, or the registry's `{ manifest, version, integrity }`. */
const manifestOf = (remote) => (typeof remote === 'string' ? remote : remote?.manifest);

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** Host names from IMAGE_HOSTS (comma-separated, as the API reads it). */
export const imageHostsFrom = (value = '') =>
  value
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);

/**
 * The Content-Security-Policy of a page whose runtime files are these: scripts, styles and images
 * from itself and its remotes only (never inline scripts), connections to the API, the identity
 * provider, the remote registry (its history, for the admins) and the remotes, images also from the API and the https IMAGE_HOSTS, and no framing.
 * @param {{ runtimeFiles?: Record<string, any>, imageHosts?: string[], testOrigins?: string[], remoteOrigins?: string[] }} options
 *   testOrigins: test stacks only: further origins the browser tests point pages at (a second API,
 *   a remote under another address), trusted like the remotes.
 *   remoteOrigins: where the registry's releases are served from (the object store or its CDN).
 */
export function contentSecurityPolicy({
  runtimeFiles = {},
  imageHosts = [],
  testOrigins = [],
  remoteOrigins = [],
} = {}) {
  const config = runtimeFiles['/config.json'] ?? {};
  const remotes = [
    ...Object.values(runtimeFiles['/remotes.json'] ?? {}).map(manifestOf),
    ...remoteOrigins,
    ...testOrigins,
  ].map(originOf);
  const api = originOf(config.apiUrl);
  const identity = originOf(config.authority);
  const registry = originOf(config.registryUrl);
  const list = (...sources) => [...new Set(sources.flat().filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remotes, stripe.script)}`,
    `style-src ${list("'self'", remotes, runtimeStyleHashes)}`,
    `img-src ${list(
      "'self'",
      'data:',
      api,
      remotes,
      imageHosts.map((host) => `https://${host}`),
    )}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", api, identity, registry, remotes, stripe.connect)}`,
    `frame-src ${list(stripe.frame)}`,
    `object-src 'none'`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action ${list("'self'", identity)}`,
  ].join('; ');
}

// The host's public pages prerendered by its build (rspack-app.mjs): prerendered/<file>.html, its
// index.html with the markup of the page in #root and one empty slot per remote fragment,
// `<template data-fragment="<remote>/<name>">`; prerendered/pages.json says which file is served at
// which path (`pages`), which for a path no route takes (`notFound`), and the route paths (`routes`).
const prerenderedTable = '/prerendered/pages.json';
const fragmentSlot = /<template data-fragment="([a-z][\w-]*)\/([a-z][\w-]*)"><\/template>/g;
// A remote that does not answer in this time is left out (the page then renders in the browser).
const fragmentTimeoutMs = 1500;

/**
 * The fragments of the remotes (their `fragments/<name>.json`: `{ html, stylesheets }`, published
 * by each remote's build next to its mf-manifest.json), fetched per request and revalidated with
 * their ETag: a redeployed remote is served at once. A remote too slow to answer in time gets its
 * last copy of the same URL served; a remote that is down or answers an error yields undefined.
 * @param {Record<string, string>} remotes remote name -> URL of its mf-manifest.json
 */
export function fragmentSource(remotes) {
  const known = new Map(); // url -> { etag, fragment }
  // visitor: the visitor's own map when a registry answers one
  return async function fragment(remote, name, visitor = remotes, timeoutMs = fragmentTimeoutMs) {
    const manifest = manifestOf(visitor[remote]);
    if (!manifest) return undefined;
    const path = `fragments/${name}.json`;
    const url = new URL(path, manifest).href;
    // A registry release lists the sha384 of each of its files: its fragment and stylesheets are
    // used only as listed, as the shell loads its scripts.
    const integrity = visitor[remote]?.integrity;
    const cached = known.get(url);
    try {
      const response = await fetch(url, {
        headers: cached?.etag ? { 'If-None-Match': cached.etag } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 304 && cached) return cached.fragment;
      if (!response.ok) return undefined;
      const body = Buffer.from(await response.arrayBuffer());
      if (
        integrity &&
        integrity[path] !== `sha384-${createHash('sha384').update(body).digest('base64')}`
      )
        return undefined;
      const { html, stylesheets = [] } = JSON.parse(body.toString('utf8'));
      if (typeof html !== 'string' || !Array.isArray(stylesheets)) return undefined;
      if (integrity && !stylesheets.every((href) => integrity[href])) return undefined;
      const fragment = {
        html,
        stylesheets: stylesheets.map((href) => ({
          href: new URL(href, manifest).href,
          integrity: integrity?.[href],
        })),
      };
      known.set(url, { etag: response.headers.get('etag'), fragment });
      return fragment;
    } catch (error) {
      // Slow (under load): its last copy. Down: nothing, so the page renders in the browser.
      return error?.name === 'TimeoutError' ? cached?.fragment : undefined;
    }
  };
}

/**
 * The prerendered page with every slot filled by its remote's fragment and the fragments'
 * stylesheets linked in <head>; undefined when one of them is missing (the caller serves index.html).
 */
const attribute = (value) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export async function composePage(template, fragment) {
  const slots = [...template.matchAll(fragmentSlot)];
  const fragments = await Promise.all(slots.map(([, remote, name]) => fragment(remote, name)));
  if (fragments.some((f) => !f)) return undefined;
  let index = 0;
  const html = template.replace(fragmentSlot, () => fragments[index++].html);
  const links = fragments
    .flatMap((f) => f.stylesheets)
    .map(({ href, integrity }) => {
      const checked = integrity
        ? ` integrity="${attribute(integrity)}" crossorigin="anonymous"`
        : '';
      return `<link rel="stylesheet" href="${attribute(href)}"${checked}>`;
    })
    .join('');
  // After the host's own stylesheets (first in its <head>), else at the end of <head>.
  const lastOwn = /(<link rel="stylesheet"[^>]*>)(?!<link rel="stylesheet")/;
  return lastOwn.test(html)
    ? html.replace(lastOwn, `$1${links}`)
    : html.replace('</head>', `${links}</head>`);
}

/** A route path ('/dashboard/payment/:id', 'login') as a test of a pathname: React Router's matching, case-insensitive, a trailing slash allowed. */
const routePattern = (path) =>
  new RegExp(
    `^${`/${path}`
      .replace(/^\/+/, '/')
      .replace(/\/$/, '')
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    'i',
  );

/**
 * The prerendered file of a pathname by the host's table: its page, the 404 page for a path no route
 * takes, else undefined (a page rendered in the browser only, e.g. a signed-in page).
 * @param {{ pages?: Record<string, string>, notFound?: string, routes?: string[] }} table
 */
export function prerenderedFileOf(table, pathname) {
  if (table.pages?.[pathname]) return table.pages[pathname];
  if (!table.notFound || extname(pathname)) return undefined;
  const known = (table.routes ?? []).some((path) => routePattern(path).test(pathname));
  return known ? undefined : table.notFound;
}

/** The sign-in page's file of a login-required pathname (the table's `signIn.routes`), else undefined. */
function signInPageAt(table, pathname) {
  const routes = Object.entries(table.signIn?.routes ?? {});
  return routes.find(([path]) => routePattern(path).test(pathname))?.[1];
}

/** Whether a pathname is one of the host's login-required pages. */
export const loginRequiredAt = (table, pathname) => signInPageAt(table, pathname) !== undefined;

/**
 * The sign-in page's file for a login-required pathname when the request has no session hint
 * (the table's `signIn.cookie`): a visitor without a session is sent there, so it is the first view.
 * @param {{ signIn?: { routes: Record<string, string>, cookie: string } }} table
 */
export function signInFileOf(table, pathname, req) {
  if (!table.signIn || cookieOf(req, table.signIn.cookie) !== undefined) return undefined;
  return signInPageAt(table, pathname);
}

async function fileAt(root, pathname) {
  const path = normalize(join(root, decodeURIComponent(pathname)));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(path);
    if (info.isFile()) return { path, info };
    if (info.isDirectory()) return fileAt(root, join(pathname, 'index.html'));
  } catch {
    // not there
  }
  return undefined;
}

/**
 * @param {{ root: string, port: number, host?: string, spaFallback?: boolean,
 *           runtimeFiles?: Record<string, unknown>, imageHosts?: string[], testOrigins?: string[],
 *           registry?: { url: string, remoteOrigins: string[], token?: string, trustedHops?: number, beaconsPerMinute?: number, previewKey?: string } }} options
 *   imageHosts: the API's IMAGE_HOSTS, whose https images the pages may show (default: IMAGE_HOSTS).
 *   testOrigins: further origins for the CSP of a test stack (see contentSecurityPolicy).
 *   registry: the remote registry: /remotes.json is then per visitor, over the built-in
 *   map of runtimeFiles, and POST /remotes/beacon forwards the shell's reports to it (remote-registry.mjs:
 *   token, the shell servers' registry credential; trustedHops, the proxies in front, TRUST_PROXY;
 *   previewKey, the key of preview links, preview.mjs).
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveStatic({
  root,
  port,
  host = '127.0.0.1',
  spaFallback = false,
  runtimeFiles = {},
  imageHosts = imageHostsFrom(process.env.IMAGE_HOSTS),
  testOrigins = [],
  registry,
}) {
  const securityHeaders = {
    'Content-Security-Policy': contentSecurityPolicy({
      runtimeFiles,
      imageHosts,
      testOrigins,
      remoteOrigins: registry?.remoteOrigins,
    }),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
  };
  // path -> { key (size and mtime, so a rebuilt file is read again), entity }
  const files = new Map();
  const runtime = new Map(
    Object.entries(runtimeFiles).map(([path, value]) => [
      path,
      entity(Buffer.from(JSON.stringify(value)), '.json'),
    ]),
  );
  const fragment = fragmentSource(runtimeFiles['/remotes.json'] ?? {});
  const remotes =
    registry &&
    remoteRegistry({
      url: registry.url,
      builtIn: runtimeFiles['/remotes.json'] ?? {},
      token: registry.token,
      trustedHops: registry.trustedHops,
      beaconsPerMinute: registry.beaconsPerMinute,
      previewKey: registry.previewKey,
    });
  const visitorMaps = new Map(); // body -> entity: the few maps visitors get, compressed once
  const composed = new Map(); // file -> { key, entity }
  let table = { etag: '', pages: undefined };

  /** The host's prerendered pages (prerendered/pages.json), or undefined for a host without them. */
  const pageTable = async () => {
    const file = await fileAt(root, prerenderedTable);
    // A build from before the table prerendered its home page only.
    if (!file)
      return (await fileAt(root, '/prerendered/index.html'))
        ? { pages: { '/': 'index.html' } }
        : undefined;
    const { variants, etag } = await fileEntity(file);
    if (table.etag !== etag)
      table = { etag, pages: JSON.parse((await variants.identity).toString('utf8')) };
    return table.pages;
  };

  /**
   * The prerendered page of a pathname, composed with its remotes' fragments, else undefined. With
   * `req`, a login-required pathname without the session hint gets the sign-in page, marked so
   * (#root's data-sign-in) for the shell's start.
   */
  const prerenderedPage = async (pathname, visitor, timeoutMs, req) => {
    const pages = await pageTable();
    const signIn = pages && req ? signInFileOf(pages, pathname, req) : undefined;
    const name = signIn ?? (pages && prerenderedFileOf(pages, pathname));
    const file = name && (await fileAt(root, `/prerendered/${name}`));
    if (!file) return undefined;
    const template = (await (await fileEntity(file)).variants.identity).toString('utf8');
    const composedHtml = await composePage(template, (remote, fragmentName) =>
      fragment(remote, fragmentName, visitor, timeoutMs),
    );
    if (!composedHtml) return undefined;
    const html = signIn
      ? composedHtml.replace('<div id="root" ', '<div id="root" data-sign-in ')
      : composedHtml;
    const key = signIn ? `${name}#sign-in` : name;
    // Compressed once per version of the page and its fragments, not per request.
    if (composed.get(key)?.key !== html)
      composed.set(key, { key: html, entity: entity(Buffer.from(html), '.html') });
    return composed.get(key).entity;
  };

  const fileEntity = ({ path, info }) => {
    const key = `${info.size}:${info.mtimeMs}`;
    const cached = files.get(path);
    if (cached?.key === key) return cached.entity;
    const loaded = readFile(path).then((body) => entity(body, extname(path)));
    const next = { key, entity: loaded };
    files.set(path, next);
    loaded.catch(() => files.get(path) === next && files.delete(path));
    return loaded;
  };

  /** Writes one entity: 304 when the client's copy is current, else the best encoding it accepts. */
  const send = async (req, res, { etag, variants }, headers) => {
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag))
      return void res.writeHead(304, headers).end();
    const encoding =
      acceptedEncodings(req.headers['accept-encoding']).find((name) => variants[name]) ??
      'identity';
    const body = await variants[encoding];
    res.writeHead(200, {
      ...headers,
      'Content-Length': body.length,
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer(async (req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    // preview links (preview.mjs): GET /remotes/preview?token=… and /remotes/preview/end
    if (remotes && remotes.preview(req, res)) return;
    if (remotes && req.method === 'POST' && req.url === '/remotes/beacon')
      return void (await remotes.beacon(req, res).catch(() => res.destroy()));
    // The shell's remote beacon (shell/src/composition/beacon.ts) on a server without a registry:
    // taken and dropped, so a page load logs no failed request.
    if (req.method === 'POST' && req.url === '/remotes/beacon' && runtimeFiles['/remotes.json']) {
      req.resume();
      return void res.writeHead(204).end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();

    try {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      if (remotes && pathname === '/remotes.json') {
        const body = JSON.stringify(await remotes.mapFor(req, res));
        if (!visitorMaps.has(body)) {
          if (visitorMaps.size > 20) visitorMaps.clear();
          visitorMaps.set(body, entity(Buffer.from(body), '.json'));
        }
        return await send(req, res, visitorMaps.get(body), {
          'Content-Type': contentTypes['.json'],
          'Cache-Control': 'private, no-cache',
          Vary: 'Accept-Encoding, Cookie',
        });
      }
      const runtimeFile = runtime.get(pathname);
      if (runtimeFile) {
        return await send(req, res, runtimeFile, {
          'Content-Type': contentTypes['.json'],
          'Cache-Control': revalidate,
        });
      }

      // A production build has no source maps; one left behind by another build is not published.
      let file = extname(pathname) === '.map' ? undefined : await fileAt(root, pathname);
      const spaPage = !file && spaFallback && !extname(pathname);
      // A login-required page comes as the sign-in page or the app, by the session hint cookie.
      const byCookie = spaPage && loginRequiredAt((await pageTable()) ?? {}, pathname);
      const vary = byCookie ? { Vary: 'Accept-Encoding, Cookie' } : {};
      // A public page of the SPA with a prerendered first view (the host's table; not a file of the build).
      if (pathname === '/' || spaPage) {
        const page = await prerenderedPage(
          pathname,
          remotes ? await remotes.mapFor(req, res) : undefined,
          undefined,
          req,
        );
        if (page)
          return await send(req, res, page, {
            'Content-Type': contentTypes['.html'],
            'Cache-Control': revalidate,
            ...vary,
          });
      }
      // Deep links of the SPA (e.g. /dashboard/myOrders) get index.html; missing assets stay 404.
      if (spaPage) file = await fileAt(root, '/index.html');
      if (!file)
        return void res.writeHead(404, { 'Content-Type': contentTypes['.txt'] }).end('Not found');

      await send(req, res, await fileEntity(file), {
        'Content-Type': contentTypes[extname(file.path)] ?? 'application/octet-stream',
        'Cache-Control': hashed.test(file.path) ? immutable : revalidate,
        ...vary,
      });
    } catch (error) {
      console.error(`[static] ${req.url}`, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': contentTypes['.txt'] });
      res.end();
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  // Compress the build ahead of the first visitor (in the background: starting never waits for it).
  void warm(root, async (path) => {
    const file = await fileAt(root, path.slice(root.length));
    if (file) await fileEntity(file);
  });
  // Fetch the remotes' fragments once with time to spare, so the first visitor of a cold server
  // gets the prerendered pages even when a remote is slow to answer its first request.
  void pageTable()
    .then((pages) =>
      Promise.all(
        Object.keys(pages?.pages ?? {}).map((path) =>
          prerenderedPage(path, undefined, 10 * fragmentTimeoutMs),
        ),
      ),
    )
    .catch(() => undefined);
  return {
    // port 0 picks a free port (tests)
    url: `http://localhost:${server.address().port}`,
    // the node:http server, for what goes in front of it (infra/deploy/web/operations.mjs)
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Loads every servable text file of the build once. */
async function warm(root, load) {
  try {
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      const ext = extname(entry.name);
      if (entry.isFile() && compressible.has(ext)) {
        await load(join(entry.parentPath, entry.name)).catch(() => {});
      }
    }
  } catch {
    // no build there (yet): requests answer 404 or load files on demand
  }
}
