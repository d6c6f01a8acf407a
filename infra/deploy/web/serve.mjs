// The web image's server: the shell's production build at /, each remote's under /remotes/<name>/,
// served by the project's own static server (libs/web-server/src/static-server.mjs: the same
// Content-Security-Policy, caching and compression as `npm start`). The runtime files come from
// RUNTIME_DIR (a ConfigMap): config.json and remotes.json. GET /health answers for the probes,
// GET /health/ready and GET /metrics too (operations.mjs).
// With REGISTRY_URL (the remote registry inside the cluster) /remotes.json is each
// visitor's map from the registry over the mounted one, and the shell's beacons go to it
// (REGISTRY_SHELL_TOKEN: the shell servers' credential there; TRUST_PROXY: the proxy hops in front);
// REMOTE_ORIGINS (comma-separated: the CDN in front of the releases' bucket) joins the CSP.
//
//   PORT=8080 RUNTIME_DIR=/etc/toolshop/web WEB_ROOT=/app/www node infra/deploy/web/serve.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@toolshop/web-server/static-server.mjs';
import { withOperations } from './operations.mjs';

const runtimeDir = process.env.RUNTIME_DIR || '/etc/toolshop/web';
const readJson = (name) => JSON.parse(readFileSync(join(runtimeDir, name), 'utf8'));

const server = await serveStatic({
  root: process.env.WEB_ROOT || '/app/www',
  port: Number(process.env.PORT || 8080),
  host: process.env.HOST || '0.0.0.0',
  spaFallback: true,
  runtimeFiles: {
    '/config.json': readJson('config.json'),
    '/remotes.json': readJson('remotes.json'),
  },
  registry: process.env.REGISTRY_URL
    ? {
        url: process.env.REGISTRY_URL.replace(/\/$/, ''),
        // the shell servers' own registry credential (beacons) and the proxies in front (TRUST_PROXY hops)
        token: process.env.REGISTRY_SHELL_TOKEN ?? '',
        trustedHops: Number(process.env.TRUST_PROXY) || 0,
        remoteOrigins: (process.env.REMOTE_ORIGINS ?? '')
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      }
    : undefined,
});
// GET /health/ready (the build is there; the registry reported) and GET /metrics (bearer
// METRICS_TOKEN) in front of it, every request timed: operations.mjs.
withOperations(server.server, {
  root: process.env.WEB_ROOT || '/app/www',
  registryUrl: process.env.REGISTRY_URL?.replace(/\/$/, ''),
  metricsToken: process.env.METRICS_TOKEN,
  production: process.env.NODE_ENV === 'production',
});
console.log(`[web] serving on ${server.url}`);

const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
