// `npm run dev`: the shop in watch mode. Database and identity provider as in `npm start`, the API
// rebuilt on change, and the shell and the remotes on Rspack dev servers with hot reload.
import { join } from 'node:path';
import { startDatabase } from './database.mjs';
import { assertPortsFree, startService, stopAllOnExit } from './processes.mjs';
import { run } from './run.mjs';
import { apiEnv, dataDirFor, demoAccounts, identityEnv, portsToClaim, repoRoot, stackUrls } from './stack.mjs';

const offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0);
const urls = stackUrls(offset);
const { ports } = urls;

let database;
stopAllOnExit(async () => database?.stop());

// The API imports the contracts from dist (the browser apps read their source).
if ((await run('npx', ['nx', 'run', '@toolshop/contracts:build'], { cwd: repoRoot })) !== 0) process.exit(1);

try {
  await assertPortsFree(portsToClaim(ports));
} catch (error) {
  console.error(`\nThe shop could not start: ${error.message}`);
  process.exit(1);
}
database = await startDatabase({ port: ports.database, dataDir: join(dataDirFor(offset), 'db') });
await startService('identity', process.execPath, ['--watch-path=infra/identity/src', 'infra/identity/src/main.ts'], {
  cwd: repoRoot,
  env: identityEnv(urls, database.uri),
  readyUrl: `${urls.identity}/.well-known/openid-configuration`,
});
const apiReady = startService('api', 'npm', ['run', 'dev', '-w', '@toolshop/api'], {
  cwd: repoRoot,
  env: apiEnv(urls, database.uri),
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
