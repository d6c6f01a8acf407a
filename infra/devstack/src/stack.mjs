// The whole shop on embedded defaults: database, identity provider (+ Google stand-in), API, and the
// production builds of the three remotes and the shell served statically. Used by `npm start` and
// by the Playwright global setup, so the browser tests run exactly what a person starts; `npm run dev`
// is the same boot with `dev: true` (watchers and Rspack dev servers instead of the builds).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MongoClient } from 'mongodb';
import { API_AUDIENCE, basePorts, harnessDevPorts } from '@toolshop/settings';
import { repoRoot } from '@toolshop/settings/repo-root';
import { startDatabase } from './database.mjs';
import { defaultMailFrom, startMailCatcher } from './mail.mjs';
import { startObjectStore } from './objectstore.mjs';
import { writeLocalPreviewKey } from '@toolshop/web-server/preview.mjs';
import { registryConfig, storeConfig, teamTokens } from '@toolshop/registry/config.mjs';
import { assertPortsFree, startService, stopAll } from './processes.mjs';
import { startBalancedServices } from './proxy.mjs';
import { run } from './run.mjs';
import {
  clientConfig,
  demoAccounts,
  harnessConfig,
  localUrl,
  remoteNames,
  remotesMap,
  stackUrls,
} from '@toolshop/web-server/runtime-files.mjs';

export { demoAccounts, repoRoot, stackUrls };
import { serveStatic } from '@toolshop/web-server/static-server.mjs';

/** Each port offset keeps its own data (offset 0: `data/`, else `data/offset-<n>`), so stacks never share a database. */
export const dataDirFor = (offset) =>
  offset ? join(repoRoot, 'data', `offset-${offset}`) : join(repoRoot, 'data');

/** The ports a stack will listen on (not the database's when MONGODB_URI points elsewhere). */
export function portsToClaim(ports) {
  const { database, ...rest } = ports;
  return process.env.MONGODB_URI ? rest : { ...rest, database };
}

const appFolders = {
  shell: 'shell',
  storefront: 'storefront-mfe',
  dashboard: 'dashboard-mfe',
  admin: 'admin-mfe',
};

/** TOOLSHOP_PORT_OFFSET of `npm start` and `npm run dev`; a bad value ends the process with the reason. */
export function launchOffset() {
  const offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 60000) {
    console.error(
      `TOOLSHOP_PORT_OFFSET must be a whole number, got "${process.env.TOOLSHOP_PORT_OFFSET}"`,
    );
    process.exit(1);
  }
  return offset;
}

/** Builds every project the stack serves (Nx skips what is cached). */
export async function buildStack() {
  const code = await run(
    'npx',
    [
      'nx',
      'run-many',
      '-t',
      'build',
      '-p',
      '@toolshop/api',
      ...Object.values(appFolders).map((f) => `@toolshop/${f}`),
      '--outputStyle=stream',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    },
  );
  if (code !== 0) throw new Error('the build failed');
}

/** The remotes' harnesses run alone beside this stack (`npm run dev -w`, ports of their own). */
const harnessOrigins = (urls) =>
  Object.values(harnessDevPorts).map((port) => localUrl(port + urls.ports.shell - basePorts.shell));
const webOrigins = (urls) =>
  [urls.shell, ...Object.values(urls.remotes), ...harnessOrigins(urls)].join(',');

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
 * The shell and the remotes on Rspack dev servers with hot reload; each answers /remotes.json and
 * /config.json for the same offset (rspack-app.mjs).
 */
function startDevServers(urls, offset, quiet) {
  return Promise.all(
    Object.entries(appFolders).map(([name, folder]) =>
      startService(folder, 'npx', ['rspack', 'serve'], {
        cwd: join(repoRoot, folder),
        quiet,
        env: { TOOLSHOP_PORT_OFFSET: String(offset) },
        readyUrl: name === 'shell' ? urls.shell : `${urls.remotes[name]}/mf-manifest.json`,
        timeoutMs: 180_000,
      }),
    ),
  );
}

/** `--demo-data large`: a manufacturer's volume (api/scripts/large-data.mjs) before the API starts. */
async function loadDemoVolume(uri, publicUrl) {
  // The API's own data script, run by path like the API itself (devstack imports no app code).
  const { loadLargeData } = await import(
    pathToFileURL(join(repoRoot, 'api/scripts/large-data.mjs')).href
  );
  const client = await MongoClient.connect(uri);
  try {
    const result = await loadLargeData(client.db('toolshop'), { publicUrl });
    if (!result.loaded) console.error(`[large data] not loaded: ${result.reason}`);
  } finally {
    await client.close();
  }
}

/** `--demo-data <name>` of npm start: `large`, or undefined for the demo catalog alone. */
export function parseDemoData(argv) {
  const at = argv.findIndex((arg) => arg === '--demo-data' || arg.startsWith('--demo-data='));
  if (at === -1) return undefined;
  const value = argv[at].includes('=') ? argv[at].slice(argv[at].indexOf('=') + 1) : argv[at + 1];
  if (value !== 'large')
    throw new Error(
      `--demo-data takes "large" (5,000 products, 50,000 orders, 20,000 reviews), got "${value ?? ''}"`,
    );
  return value;
}

/**
 * Environment of the remote registry (infra/registry) of a stack at these URLs: the stack's database
 * and object store, its shell and API for the smoke check (signed in as the demo admin, local only).
 */
export function registryEnv(urls, databaseUri, offset) {
  return {
    TOOLSHOP_PORT_OFFSET: String(offset),
    MONGODB_URI: databaseUri,
    // the admins' Remote Releases page reads the history from the shell and from the admin harness
    // (served by the stack at the admin's port, or run alone at its own)
    REGISTRY_CORS_ORIGINS: [
      urls.shell,
      urls.remotes.admin,
      localUrl(harnessDevPorts.admin + offset),
    ].join(','),
    SHELL_URL: urls.shell,
    API_URL: urls.api,
    SMOKE_EMAIL: demoAccounts.admin.email,
    SMOKE_PASSWORD: demoAccounts.admin.password,
  };
}

/** The production builds, served statically; a remote's own page is its standalone harness. */
async function serveBuilds(ports, test, registry) {
  const servers = [];
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
      // /remotes.json per visitor from the remote registry, over the map of the stack's own builds
      registry,
      // The browser tests also point pages at a Stripe-configured API beside the stack's
      // (dashboard-mfe/e2e/payment-helpers.ts, API port + 50) and at a remote "moved" to
      // 127.0.0.1 (shell/e2e/harness.spec.ts): the CSP of the test stack lets them.
      testOrigins: test
        ? [
            localUrl(ports.api + 50),
            ...remoteNames.map((name) => `http://127.0.0.1:${ports[name]}`),
          ]
        : [],
    }),
  );
  return servers;
}

/**
 * @param {{ offset?: number, dataDir?: string, quiet?: boolean, test?: boolean, dev?: boolean,
 *           env?: Record<string, string>, apiInstances?: number }} options
 *   test: settings for browser tests (no rate limits on the API, client address from
 *   X-Forwarded-For at the identity provider so each test user signs up from its "own" address).
 *   dev: watch mode (`npm run dev`): the identity provider restarts and the API is rebuilt on change,
 *   the apps run on dev servers instead of their production builds.
 *   apiInstances: above 1, that many API processes and two identity-provider processes behind HAProxy
 *   at the same public URLs (proxy.mjs); not with dev.
 */
export async function startStack({
  offset = 0,
  dataDir = dataDirFor(offset),
  quiet = false,
  test = false,
  dev = false,
  env = {},
  apiInstances = 1,
  demoData,
} = {}) {
  if (dev && apiInstances > 1)
    throw new Error('several API instances run with npm start, not in watch mode (npm run dev)');
  const urls = stackUrls(offset);
  const { ports } = urls;
  await assertPortsFree(portsToClaim(ports));
  mkdirSync(dataDir, { recursive: true });
  const servers = [];
  let database;
  let balanced;
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
    if (demoData === 'large') await loadDemoVolume(database.uri, urls.api);
    await startMailCatcher({ smtpPort: ports.smtp, webPort: ports.mail, quiet: true });
    // The S3-compatible store of the remotes' releases, its objects in the stack's data folder.
    await startObjectStore({
      port: ports.objectstore,
      dataDir: join(dataDir, 'objectstore'),
      bucket: storeConfig().bucket,
    });

    const identityEnvironment = {
      ...identityEnv(urls, database.uri),
      ...(test ? { TRUST_PROXY: '1' } : {}),
      ...env,
    };
    const apiEnvironment = {
      ...apiEnv(urls, database.uri),
      ...(test
        ? {
            RATE_LIMIT_WRITES: '1000000',
            RATE_LIMIT_ACCOUNT: '1000000',
            RATE_LIMIT_SUGGESTIONS: '1000000',
            LOG_LEVEL: 'warn',
          }
        : {}),
      ...env,
    };
    balanced =
      apiInstances > 1 &&
      (await startBalancedServices({
        urls,
        identityEnv: identityEnvironment,
        apiEnv: apiEnvironment,
        apiInstances,
        test,
        quiet,
        runDir: join(dataDir, 'proxy'),
      }));

    const identityArgs = dev
      ? ['--watch-path=infra/identity/src', 'infra/identity/src/main.ts']
      : ['infra/identity/src/main.ts'];
    if (!balanced)
      await startService('identity', process.execPath, identityArgs, {
        cwd: repoRoot,
        quiet,
        env: identityEnvironment,
        readyUrl: `${urls.identity}/.well-known/openid-configuration`,
      });

    const [apiCommand, apiArgs] = dev
      ? ['npm', ['run', 'dev', '-w', '@toolshop/api']]
      : [process.execPath, ['api/dist/main.js']];
    const apiReady = balanced
      ? Promise.resolve()
      : startService('api', apiCommand, apiArgs, {
          cwd: repoRoot,
          quiet,
          env: apiEnvironment,
          readyUrl: `${urls.api}/health/ready`,
          ...(dev ? { timeoutMs: 180_000 } : {}),
        });
    // The remote registry in both modes: releases, the remotes CLI and the admins' Remote
    // Releases page work in watch mode too, but there the dev servers keep serving their own builds
    // (hot reload) and do not ask it for /remotes.json.
    const registry = registryConfig({ ...process.env, TOOLSHOP_PORT_OFFSET: String(offset) });
    const startRegistry = () =>
      startService('registry', process.execPath, ['infra/registry/src/main.mjs'], {
        cwd: repoRoot,
        quiet,
        // the browser tests' pages all come from one address: no beacon limit there
        env: {
          ...registryEnv(urls, database.uri, offset),
          ...(test ? { REGISTRY_BEACONS_PER_CLIENT_MINUTE: '1000000000' } : {}),
          ...env,
        },
        // its map, not just /health: the database is warm before the first visitor asks
        readyUrl: `${registry.url}/remotes.json`,
      });
    if (dev) {
      // The API compiles while the dev servers bundle.
      await Promise.all([apiReady, startDevServers(urls, offset, quiet)]);
      await startRegistry();
      // Every project reads the contracts from their dist (package exports): rebuilt on change, so
      // the dev servers reload (the boot started on a fresh build: dev.mjs).
      // (both builds: CommonJS for Node and Jest, ES modules for the bundles)
      for (const build of ['build', 'esm']) {
        await startService(
          `contracts-${build}`,
          'npx',
          [
            'tsc',
            '-p',
            `libs/contracts/tsconfig.${build}.json`,
            '--watch',
            '--preserveWatchOutput',
          ],
          {
            cwd: repoRoot,
            quiet,
          },
        );
      }
    } else {
      await apiReady;
      await startRegistry();
      // The browser tests' pages all come from one address: no beacon limit there.
      const registryOption = {
        url: registry.url,
        remoteOrigins: [registry.store.publicUrl],
        // preview links (preview.mjs): the production key from env, else a new random one per start
        previewKey: process.env.PREVIEW_SIGNING_KEY || writeLocalPreviewKey(ports.shell),
        // the shell's server forwards beacons with its own credential (the registry takes no others)
        token: registry.shellToken,
        ...(test ? { beaconsPerMinute: 1e9 } : {}),
      };
      servers.push(...(await serveBuilds(ports, test, registryOption)));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  // instances: the processes behind the proxy (none when one API serves its public port itself).
  const instances = balanced ? balanced.instances : [];
  return {
    ...urls,
    databaseUri: database.uri,
    databaseKind: database.kind,
    instances,
    proxyStats: balanced?.statsUrl,
    teamTokens: teamTokens(),
    stop,
  };
}
