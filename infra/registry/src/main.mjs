// The remote registry service: `node infra/registry/src/main.mjs` (started by npm start; env in config.mjs).
import { MongoClient } from 'mongodb';
import { RegistryConfigError, registryConfig } from './config.mjs';
import { checkExposes, checkShared } from './gates.mjs';
import { registryMetrics, withOperations } from './operations.mjs';
import { createRegistry } from './registry.mjs';
import { createRegistryServer } from './server.mjs';
import { smokeCheck } from './smoke.mjs';
import { createStore } from './store.mjs';

/** @type {ReturnType<typeof registryConfig>} */
let config;
try {
  config = registryConfig();
} catch (error) {
  // A bad setting stops the start here, named, before any connection is made.
  if (!(error instanceof RegistryConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const client = new MongoClient(config.mongoUri);
await client.connect();
const store = createStore(config.store);

/** The gates in order; the smoke check runs only on a candidate that fits on paper. */
async function gates(remote, release) {
  const manifestBody = await store.get(`${remote}/${release.version}/mf-manifest.json`);
  if (!manifestBody)
    return [`mf-manifest.json of ${remote} ${release.version} is missing from the store`];
  let manifest;
  try {
    manifest = JSON.parse(manifestBody.toString('utf8'));
  } catch {
    return [`mf-manifest.json of ${remote} ${release.version} is not JSON`];
  }
  let shellManifest;
  try {
    const answer = await fetch(`${config.shellUrl}/mf-manifest.json`, {
      signal: AbortSignal.timeout(20_000),
    });
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
    shellManifest = await answer.json();
  } catch (error) {
    return [
      `the shell's required versions could not be read from ${config.shellUrl}/mf-manifest.json (${error.message})`,
    ];
  }
  const problems = [...checkExposes(remote, manifest), ...checkShared(manifest, shellManifest)];
  if (problems.length || !config.smoke) return problems;
  const signIn = process.env.SMOKE_EMAIL
    ? { email: process.env.SMOKE_EMAIL, password: process.env.SMOKE_PASSWORD ?? '' }
    : undefined;
  return smokeCheck({ remote, release, shellUrl: config.shellUrl, signIn });
}

const registry = createRegistry({
  db: client.db(config.database),
  store,
  gates,
  canary: config.canary,
  beaconsPerClientMinute: config.beaconsPerClientMinute,
});
await registry.init();

/** A shop admin's API token: the API answers an admin-only list with it. */
async function isShopAdmin(authorization) {
  try {
    const answer = await fetch(`${config.apiUrl}/user?limit=1`, {
      headers: { Authorization: authorization },
      signal: AbortSignal.timeout(5000),
    });
    return answer.ok;
  } catch {
    return false;
  }
}

const server = createRegistryServer({
  registry,
  tokens: config.tokens,
  isShopAdmin,
  corsOrigins: config.corsOrigins,
  shellToken: config.shellToken,
});
// GET /health/ready (the database answers) and GET /metrics (bearer METRICS_TOKEN), operations.mjs.
const metrics = registryMetrics(client.db(config.database));
metrics.watchPool(client);
withOperations(server, {
  db: client.db(config.database),
  metrics,
  metricsToken: process.env.METRICS_TOKEN,
  production: process.env.NODE_ENV === 'production',
});
server.listen(config.port, process.env.HOST || '127.0.0.1', () =>
  console.log(`remote registry on ${config.url}`),
);
const stop = () => server.close(() => client.close().finally(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
