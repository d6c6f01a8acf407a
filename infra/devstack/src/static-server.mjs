// A small static server for the production builds: CORS for the remotes (the shell loads their
// chunks cross-origin), SPA fallback for the shell, and the runtime JSON files served from memory.
// Text files go out brotli- or gzip-compressed (compressed once, kept in memory); content-hashed
// files are cached for a year, everything else is revalidated with an ETag on every use.
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
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
 *           runtimeFiles?: Record<string, unknown> }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveStatic({ root, port, host = '127.0.0.1', spaFallback = false, runtimeFiles = {} }) {
  // path -> { key (size and mtime, so a rebuilt file is read again), entity }
  const files = new Map();
  const runtime = new Map(
    Object.entries(runtimeFiles).map(([path, value]) => [path, entity(Buffer.from(JSON.stringify(value)), '.json')]),
  );

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
    if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return void res.writeHead(304, headers).end();
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find((name) => variants[name]) ?? 'identity';
    const body = await variants[encoding];
    res.writeHead(200, {
      ...headers,
      'Content-Length': body.length,
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();

    try {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      const runtimeFile = runtime.get(pathname);
      if (runtimeFile) {
        return await send(req, res, runtimeFile, { 'Content-Type': contentTypes['.json'], 'Cache-Control': revalidate });
      }

      let file = await fileAt(root, pathname);
      // Deep links of the SPA (e.g. /dashboard/myOrders) get index.html; missing assets stay 404.
      if (!file && spaFallback && !extname(pathname)) file = await fileAt(root, '/index.html');
      if (!file) return void res.writeHead(404, { 'Content-Type': contentTypes['.txt'] }).end('Not found');

      await send(req, res, await fileEntity(file), {
        'Content-Type': contentTypes[extname(file.path)] ?? 'application/octet-stream',
        'Cache-Control': hashed.test(file.path) ? immutable : revalidate,
        'X-Content-Type-Options': 'nosniff',
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
  return {
    // port 0 picks a free port (tests)
    url: `http://localhost:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Loads every servable text file of the build once (source maps only on demand). */
async function warm(root, load) {
  try {
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      const ext = extname(entry.name);
      if (entry.isFile() && compressible.has(ext) && ext !== '.map') {
        await load(join(entry.parentPath, entry.name)).catch(() => {});
      }
    }
  } catch {
    // no build there (yet): requests answer 404 or load files on demand
  }
}
