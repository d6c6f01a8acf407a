// A small static server for the production builds: CORS for the remotes (the shell loads their
// chunks cross-origin), SPA fallback for the shell, and the runtime JSON files served from memory.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

// Files whose name carries a content hash never change; the entry points must always be fresh.
const hashed = /\.[0-9a-f]{8}\.(js|css)$/;

async function fileAt(root, pathname) {
  const path = normalize(join(root, decodeURIComponent(pathname)));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(path);
    if (info.isFile()) return path;
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
  const server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();

    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (Object.hasOwn(runtimeFiles, pathname)) {
      res.writeHead(200, { 'Content-Type': contentTypes['.json'], 'Cache-Control': 'no-store' });
      return void res.end(JSON.stringify(runtimeFiles[pathname]));
    }

    let path = await fileAt(root, pathname);
    // Deep links of the SPA (e.g. /dashboard/myOrders) get index.html; missing assets stay 404.
    if (!path && spaFallback && !extname(pathname)) path = await fileAt(root, '/index.html');
    if (!path) return void res.writeHead(404, { 'Content-Type': contentTypes['.txt'] }).end('Not found');

    res.writeHead(200, {
      'Content-Type': contentTypes[extname(path)] ?? 'application/octet-stream',
      'Cache-Control': hashed.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(path).pipe(res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
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
