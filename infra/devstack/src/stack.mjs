// The whole shop on embedded defaults: database, identity provider (+ Google stand-in), API, and the
// production builds of the three remotes and the shell served statically. Used by `npm start` and
// by the Playwright global setup, so the browser tests run exactly what a person starts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_AUDIENCE } from '@toolshop/settings';
import { repoRoot } from '@toolshop/settings/repo-root';
import { startDatabase } from './database.mjs';
import { defaultMailFrom, startMailCatcher } from './mail.mjs';
import { assertPortsFree, startService, stopAll } from './processes.mjs';
import { run } from './run.mjs';
import { clientConfig, demoAccounts, harnessConfig, localUrl, remoteNames, remotesMap, stackUrls } from './runtime-files.mjs';

export { demoAccounts, repoRoot, stackUrls };
import { serveStatic } from './static-server.mjs';

/** Each port offset keeps its own data (offset 0: `data/`, else `data/offset-<n>`), so stacks never share a database. */
export const dataDirFor = (offset) => (offset ? join(repoRoot, 'data', `offset-${offset}`) : join(repoRoot, 'data'));

/** The ports a stack will listen on (not the database's when MONGODB_URI points elsewhere). */
export function portsToClaim(ports) {
  const { database, ...rest } = ports;
  return process.env.MONGODB_URI ? rest : { ...rest, database };
}

const appFolders = { shell: 'shell', storefront: 'storefront-mfe', dashboard: 'dashboard-mfe', admin: 'admin-mfe' };

/** Builds every project the stack serves (Nx skips what is cached). */
export async function buildStack() {
  const code = await run(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', '@toolshop/api', ...Object.values(appFolders).map((f) => `@toolshop/${f}`), '--outputStyle=stream'],
    { cwd: repoRoot, env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' } },
  );
  if (code !== 0) throw new Error('the build failed');
}

const webOrigins = (urls) => [urls.shell, ...Object.values(urls.remotes)].join(',');

/** Mail of the stack goes to its own mail catcher (MAIL_FROM may name another sender). */
export const mailEnv = (urls) => ({
  SMTP_URL: `smtp://127.0.0.1:${urls.ports.smtp}`,
  MAIL_FROM: process.env.MAIL_FROM || defaultMailFrom,
});

/** Environment of the identity provider for a stack at these URLs. */
export function identityEnv(urls, databaseUri) {
  return {
    PORT: String(urls.ports.identity),
    ISSUER: urls.identity,
    GOOGLE_STANDIN_PORT: String(urls.ports.google),
    MONGODB_URI: databaseUri,
    WEB_ORIGINS: webOrigins(urls),
    ...mailEnv(urls),
  };
}

/** Environment of the API (api/README.md) for a stack at these URLs. */
export function apiEnv(urls, databaseUri) {
  return {
    ...mailEnv(urls),
    PORT: String(urls.ports.api),
    HOST: '127.0.0.1',
    MONGODB_URI: databaseUri,
    OIDC_ISSUER: urls.identity,
    OIDC_AUDIENCE: API_AUDIENCE,
    ADMIN_EMAILS: demoAccounts.admin.email,
    CORS_ORIGINS: webOrigins(urls),
    PUBLIC_URL: urls.api,
    SEED: 'true',
  };
}

/**
 * @param {{ offset?: number, dataDir?: string, quiet?: boolean, test?: boolean,
 *           env?: Record<string, string> }} options
 *   test: settings for browser tests (no rate limits on the API, client address from
 *   X-Forwarded-For at the identity provider so each test user signs up from its "own" address).
 */
export async function startStack({ offset = 0, dataDir = dataDirFor(offset), quiet = false, test = false, env = {} } = {}) {
  const urls = stackUrls(offset);
  const { ports } = urls;
  await assertPortsFree(portsToClaim(ports));
  mkdirSync(dataDir, { recursive: true });
  const servers = [];
  let database;
  // The database is no child of processes.mjs: if this process exits without stop(), end it too
  // (its stop() sends the signal before it awaits anything).
  const stopDatabaseOnExit = () => void database?.stop();
  process.once('exit', stopDatabaseOnExit);

  const stop = async () => {
    await Promise.allSettled(servers.map((server) => server.close()));
    await stopAll();
    await database?.stop();
    process.off('exit', stopDatabaseOnExit);
  };

  try {
    database = await startDatabase({ port: ports.database, dataDir: join(dataDir, 'db') });
    await startMailCatcher({ smtpPort: ports.smtp, webPort: ports.mail, quiet: true });

    await startService('identity', process.execPath, ['infra/identity/src/main.ts'], {
      cwd: repoRoot,
      quiet,
      env: { ...identityEnv(urls, database.uri), ...(test ? { TRUST_PROXY: '1' } : {}), ...env },
      readyUrl: `${urls.identity}/.well-known/openid-configuration`,
    });

    await startService('api', process.execPath, ['api/dist/main.js'], {
      cwd: repoRoot,
      quiet,
      env: {
        ...apiEnv(urls, database.uri),
        ...(test
          ? { RATE_LIMIT_WRITES: '1000000', RATE_LIMIT_ACCOUNT: '1000000', RATE_LIMIT_SUGGESTIONS: '1000000', LOG_LEVEL: 'warn' }
          : {}),
        ...env,
      },
      readyUrl: `${urls.api}/health/ready`,
    });

    // A remote's own page is its standalone harness.
    for (const name of remoteNames) {
      servers.push(
        await serveStatic({
          root: join(repoRoot, appFolders[name], 'dist'),
          port: ports[name],
          spaFallback: true,
          runtimeFiles: { '/config.json': harnessConfig(ports) },
        }),
      );
    }
    servers.push(
      await serveStatic({
        root: join(repoRoot, 'shell/dist'),
        port: ports.shell,
        spaFallback: true,
        runtimeFiles: { '/remotes.json': remotesMap(ports), '/config.json': clientConfig(ports) },
        // The browser tests also point pages at a Stripe-configured API beside the stack's
        // (dashboard-mfe/e2e/payment-helpers.ts, API port + 50) and at a remote "moved" to
        // 127.0.0.1 (shell/e2e/harness.spec.ts): the CSP of the test stack lets them.
        testOrigins: test
          ? [localUrl(ports.api + 50), ...remoteNames.map((name) => `http://127.0.0.1:${ports[name]}`)]
          : [],
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return { ...urls, databaseUri: database.uri, databaseKind: database.kind, stop };
}
