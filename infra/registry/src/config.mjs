// Where the release machinery lives, from the environment, with the local stack's defaults
// (ports of @toolshop/settings moved by TOOLSHOP_PORT_OFFSET). Production sets every value:
//   REGISTRY_URL, REGISTRY_PORT, MONGODB_URI (REGISTRY_DB), S3_ENDPOINT, S3_REGION, S3_BUCKET,
//   S3_PUBLIC_URL (the CDN in front of the bucket), AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
//   REGISTRY_TOKEN_<REMOTE> (one secret per team), REGISTRY_SHELL_TOKEN (the shell servers' own, for
//   beacons), SHELL_URL and API_URL (for the smoke check),
//   REGISTRY_CORS_ORIGINS (comma-separated; the shell's origin by default: the admins' history page).
import { basePorts, localUrl } from '@toolshop/settings';
import { localStoreCredentials } from './objectstore.mjs';

export const remoteNames = /** @type {const} */ (['storefront', 'dashboard', 'admin']);

/** The demo credential of a team on a local stack (printed by npm start; never used when the env names one). */
export const demoToken = (remote) => `${remote}-demo-token`;

/** The shell servers' demo credential for beacons on a local stack (REGISTRY_SHELL_TOKEN in production). */
export const demoShellToken = 'shell-demo-token';

/** The shell servers' credential for POST /beacon: REGISTRY_SHELL_TOKEN, else (local stacks only) the demo one. */
export const shellToken = (env = process.env) => env.REGISTRY_SHELL_TOKEN || (env.NODE_ENV === 'production' ? '' : demoShellToken);

/** The bucket of the releases, unless S3_BUCKET names another. */
export const DEFAULT_BUCKET = 'toolshop-remotes';

const offsetOf = (env) => {
  const offset = Number(env.TOOLSHOP_PORT_OFFSET ?? 0);
  return Number.isInteger(offset) && offset >= 0 ? offset : 0;
};

/**
 * The S3 store: the endpoint the SDK writes to and the public URL browsers read from, with the
 * credentials of `who` (a remote's team, or the registry): AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY
 * when set, else in production the platform's (the SDK's default chain), else the local store's key
 * of `who` (objectstore.mjs).
 * @param {NodeJS.ProcessEnv} [env] @param {string} [who]
 */
export function storeConfig(env = process.env, who = 'registry') {
  const port = basePorts.objectstore + offsetOf(env);
  const bucket = env.S3_BUCKET || DEFAULT_BUCKET;
  const endpoint = env.S3_ENDPOINT || `http://127.0.0.1:${port}`;
  return {
    endpoint: env.S3_ENDPOINT === 'aws' ? undefined : endpoint,
    region: env.S3_REGION || 'us-east-1',
    bucket,
    // Path-style (`<endpoint>/<bucket>/<key>`) for local stores and R2/GCS-style endpoints.
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    credentials: env.AWS_ACCESS_KEY_ID
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '' }
      : env.NODE_ENV === 'production'
        ? undefined
        : localStoreCredentials(port, who),
    publicUrl: (env.S3_PUBLIC_URL || `${localUrl(port)}/${bucket}`).replace(/\/$/, ''),
  };
}

/** Team credentials: REGISTRY_TOKEN_<REMOTE>, else (local stacks only) the demo token. */
export function teamTokens(env = process.env) {
  const production = env.NODE_ENV === 'production';
  return Object.fromEntries(
    remoteNames.map((remote) => {
      const token = env[`REGISTRY_TOKEN_${remote.toUpperCase()}`] || (production ? '' : demoToken(remote));
      return [remote, token];
    }),
  );
}

/** The registry's own settings. */
export function registryConfig(env = process.env) {
  const offset = offsetOf(env);
  const port = Number(env.REGISTRY_PORT || basePorts.registry + offset);
  const shellUrl = env.SHELL_URL || localUrl(basePorts.shell + offset);
  return {
    port,
    url: (env.REGISTRY_URL || localUrl(port)).replace(/\/$/, ''),
    mongoUri: env.MONGODB_URI || `mongodb://127.0.0.1:${basePorts.database + offset}/`,
    database: env.REGISTRY_DB || 'toolshop-registry',
    store: storeConfig(env),
    tokens: teamTokens(env),
    shellToken: shellToken(env),
    shellUrl,
    corsOrigins: (env.REGISTRY_CORS_ORIGINS || new URL(shellUrl).origin).split(',').map((o) => o.trim()).filter(Boolean),
    apiUrl: env.API_URL || localUrl(basePorts.api + offset),
    canary: {
      // A canary is rolled back when more than this share of its page loads fail...
      maxErrorRate: Number(env.CANARY_MAX_ERROR_RATE || 0.2),
      // ...once it has at least this many reports (fewer say nothing).
      minSample: Number(env.CANARY_MIN_SAMPLE || 10),
      // ...and an active version when its page loads of the last ACTIVE_WINDOW_MINUTES (default 15) do.
      activeWindowMs: Number(env.ACTIVE_WINDOW_MINUTES || 15) * 60_000,
    },
    smoke: env.REGISTRY_SMOKE !== 'off',
    // page load results taken per client address and minute, across every shell server (beacons)
    beaconsPerClientMinute: Number(env.REGISTRY_BEACONS_PER_CLIENT_MINUTE || 60),
  };
}
