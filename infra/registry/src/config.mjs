// Where the release machinery lives, from the environment, with the local stack's defaults
// (ports of @toolshop/settings moved by TOOLSHOP_PORT_OFFSET). Production sets every value:
//   REGISTRY_URL, REGISTRY_PORT, MONGODB_URI (REGISTRY_DB), S3_ENDPOINT, S3_REGION, S3_BUCKET,
//   S3_PUBLIC_URL (the CDN in front of the bucket), AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
//   REGISTRY_TOKEN_<REMOTE> (one secret per team), REGISTRY_SHELL_TOKEN (the shell servers' own, for
//   beacons), SHELL_URL and API_URL (for the smoke check),
//   REGISTRY_CORS_ORIGINS (comma-separated; the shell's origin by default: the admins' history page).
// Every setting is checked at boot (registryConfig): a bad value stops the start with a message
// naming it, like the API's loadConfig, instead of a registry that misbehaves later.
import { remoteNames } from '@toolshop/routes';
import { basePorts, DEFAULT_BUCKET, localUrl } from '@toolshop/settings';
import { localStoreCredentials } from './objectstore.mjs';

/** The remotes, from the one route table (@toolshop/routes). */
export { remoteNames };

/**
 * Whether `value` names a remote (narrows it for the typed tables).
 * @param {unknown} value @returns {value is import('@toolshop/routes').RemoteName}
 */
export const isRemoteName = (value) => remoteNames.includes(/** @type {any} */ (value));

/** A setting of the registry's environment is missing or malformed: the message names each one. */
export class RegistryConfigError extends Error {}

/** The demo credential of a team on a local stack (printed by npm start; never used when the env names one). */
export const demoToken = (/** @type {string} */ remote) => `${remote}-demo-token`;

/** The shell servers' demo credential for beacons on a local stack (REGISTRY_SHELL_TOKEN in production). */
export const demoShellToken = 'shell-demo-token';

/** The shell servers' credential for POST /beacon: REGISTRY_SHELL_TOKEN, else (local stacks only) the demo one. */
export const shellToken = (env = process.env) =>
  env.REGISTRY_SHELL_TOKEN || (env.NODE_ENV === 'production' ? '' : demoShellToken);

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
      const token =
        env[`REGISTRY_TOKEN_${remote.toUpperCase()}`] || (production ? '' : demoToken(remote));
      return [remote, token];
    }),
  );
}

/**
 * Reads one optional numeric setting: `fallback` when unset, else a number in [min, max] (an
 * integer when `integer`), else a problem naming it.
 * @param {NodeJS.ProcessEnv} env @param {string[]} problems @param {string} name
 * @param {{ fallback: number, min: number, max: number, integer?: boolean }} rule
 */
function numberSetting(env, problems, name, { fallback, min, max, integer = false }) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    problems.push(
      `${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max} (got "${raw}")`,
    );
    return fallback;
  }
  return value;
}

/** @param {string} value */
const isHttpUrl = (value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * The registry's own settings, validated: throws a RegistryConfigError listing every bad value.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function registryConfig(env = process.env) {
  /** @type {string[]} */
  const problems = [];
  for (const name of ['REGISTRY_URL', 'SHELL_URL', 'API_URL', 'S3_PUBLIC_URL']) {
    const value = env[name];
    if (value && !isHttpUrl(value))
      problems.push(`${name} must be an http(s) URL (got "${value}")`);
  }
  if (env.S3_ENDPOINT && env.S3_ENDPOINT !== 'aws' && !isHttpUrl(env.S3_ENDPOINT)) {
    problems.push(`S3_ENDPOINT must be an http(s) URL or "aws" (got "${env.S3_ENDPOINT}")`);
  }
  if (env.MONGODB_URI && !/^mongodb(\+srv)?:\/\//.test(env.MONGODB_URI))
    problems.push('MONGODB_URI must be a mongodb:// or mongodb+srv:// URI');
  if (env.REGISTRY_SMOKE !== undefined && !['on', 'off'].includes(env.REGISTRY_SMOKE)) {
    problems.push(`REGISTRY_SMOKE must be on or off (got "${env.REGISTRY_SMOKE}")`);
  }
  const offset = offsetOf(env);
  const port = numberSetting(env, problems, 'REGISTRY_PORT', {
    fallback: basePorts.registry + offset,
    min: 0,
    max: 65535,
    integer: true,
  });
  const shellUrl = env.SHELL_URL || localUrl(basePorts.shell + offset);
  const corsOrigins = (
    env.REGISTRY_CORS_ORIGINS || (isHttpUrl(shellUrl) ? new URL(shellUrl).origin : '')
  )
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!isHttpUrl(origin) || new URL(origin).origin !== origin)
      problems.push(`REGISTRY_CORS_ORIGINS entry "${origin}" is not an http(s) origin`);
  }
  const config = {
    port,
    url: (env.REGISTRY_URL || localUrl(port)).replace(/\/$/, ''),
    mongoUri: env.MONGODB_URI || `mongodb://127.0.0.1:${basePorts.database + offset}/`,
    database: env.REGISTRY_DB || 'toolshop-registry',
    store: storeConfig(env),
    tokens: teamTokens(env),
    shellToken: shellToken(env),
    shellUrl,
    corsOrigins,
    apiUrl: env.API_URL || localUrl(basePorts.api + offset),
    canary: {
      // A canary is rolled back when more than this share of its page loads fail...
      maxErrorRate: numberSetting(env, problems, 'CANARY_MAX_ERROR_RATE', {
        fallback: 0.2,
        min: 0,
        max: 1,
      }),
      // ...once it has at least this many reports (fewer say nothing).
      minSample: numberSetting(env, problems, 'CANARY_MIN_SAMPLE', {
        fallback: 10,
        min: 1,
        max: 1_000_000,
        integer: true,
      }),
      // ...and an active version when its page loads of the last ACTIVE_WINDOW_MINUTES (default 15) do.
      activeWindowMs:
        numberSetting(env, problems, 'ACTIVE_WINDOW_MINUTES', {
          fallback: 15,
          min: 1,
          max: 7 * 24 * 60,
        }) * 60_000,
    },
    smoke: env.REGISTRY_SMOKE !== 'off',
    // page load results taken per client address and minute, across every shell server (beacons)
    beaconsPerClientMinute: numberSetting(env, problems, 'REGISTRY_BEACONS_PER_CLIENT_MINUTE', {
      fallback: 60,
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
      integer: true,
    }),
  };
  if (problems.length)
    throw new RegistryConfigError(`Invalid registry configuration:\n - ${problems.join('\n - ')}`);
  return config;
}
