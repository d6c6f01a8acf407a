// `npm run dev`: the shop in watch mode. Database and identity provider as in `npm start`, the API
// rebuilt on change, and the shell and the remotes on Rspack dev servers with hot reload.
import { join } from 'node:path';
import { startDatabase } from './database.mjs';
import { startService, stopAllOnExit } from './processes.mjs';
import { run } from './run.mjs';
import { demoAccounts, repoRoot, stackUrls } from './stack.mjs';

const offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0);
const urls = stackUrls(offset);
const { ports } = urls;
const webOrigins = [urls.shell, ...Object.values(urls.remotes)].join(',');

let database;
stopAllOnExit(async () => database?.stop());

// The libs the apps import from dist must exist before the watchers start.
if ((await run('npx', ['nx', 'run', '@toolshop/contracts:build'], { cwd: repoRoot })) !== 0) process.exit(1);

database = await startDatabase({ port: ports.database, dataDir: join(repoRoot, 'data/db') });
await startService('identity', process.execPath, ['--watch-path=infra/identity/src', 'infra/identity/src/main.ts'], {
  cwd: repoRoot,
  env: {
    PORT: String(ports.identity),
    ISSUER: urls.identity,
    GOOGLE_STANDIN_PORT: String(ports.google),
    MONGODB_URI: database.uri,
    WEB_ORIGINS: webOrigins,
  },
  readyUrl: `${urls.identity}/.well-known/openid-configuration`,
});
const apiReady = startService('api', 'npm', ['run', 'dev', '-w', '@toolshop/api'], {
  cwd: repoRoot,
  env: {
    PORT: String(ports.api),
    HOST: '127.0.0.1',
    MONGODB_URI: database.uri,
    OIDC_ISSUER: urls.identity,
    OIDC_AUDIENCE: 'urn:toolshop:api',
    ADMIN_EMAILS: demoAccounts.admin.email,
    CORS_ORIGINS: webOrigins,
    PUBLIC_URL: urls.api,
    SEED: 'true',
  },
  readyUrl: `${urls.api}/health/ready`,
  timeoutMs: 180_000,
});
// The dev servers answer /remotes.json and /config.json for the same offset (rspack-app.mjs).
const apps = ['storefront-mfe', 'dashboard-mfe', 'admin-mfe', 'shell'];
await Promise.all(
  apps.map((app) =>
    startService(app, 'npx', ['rspack', 'serve'], {
      cwd: join(repoRoot, app),
      env: { TOOLSHOP_PORT_OFFSET: String(offset) },
      readyUrl: app === 'shell' ? urls.shell : `${urls.remotes[app.replace('-mfe', '')]}/mf-manifest.json`,
      timeoutMs: 180_000,
    }),
  ),
);
await apiReady;

console.log(`
Toolshop (watch mode): ${urls.shell}
  demo admin:    ${demoAccounts.admin.email} / ${demoAccounts.admin.password}
  demo customer: ${demoAccounts.customer.email} / ${demoAccounts.customer.password}
  each remote alone (harness): ${Object.values(urls.remotes).join(', ')}
Press Ctrl-C to stop.`);
