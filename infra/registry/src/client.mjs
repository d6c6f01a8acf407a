// The registry's HTTP client of the release script and the remotes CLI.
import { userInfo } from 'node:os';
import { demoToken, registryConfig } from './config.mjs';

/** The token of a team: REGISTRY_TOKEN, else REGISTRY_TOKEN_<REMOTE>, else (local stacks) its demo token. */
export function tokenFor(remote, env = process.env) {
  const token = env.REGISTRY_TOKEN || env[`REGISTRY_TOKEN_${remote.toUpperCase()}`];
  if (token) return token;
  if (env.NODE_ENV === 'production')
    throw new Error(`set REGISTRY_TOKEN (the ${remote} team's registry token)`);
  return demoToken(remote);
}

/** Who runs the command, recorded with each change (CI sets REGISTRY_ACTOR, e.g. to the workflow run). */
const actorOf = (env) => {
  if (env.REGISTRY_ACTOR) return env.REGISTRY_ACTOR;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
};

export function registryClient(env = process.env) {
  const base = registryConfig(env).url;
  /**
   * One JSON call to the registry; a non-2xx answer throws its message (and `problems`).
   * @param {string} method @param {string} path @param {{ body?: unknown, token?: string }} [options]
   * @returns {Promise<any>}
   */
  return async function call(method, path, { body, token } = {}) {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        'X-Registry-Actor': actorOf(env),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).catch((error) => {
      throw new Error(
        `the registry at ${base} cannot be reached (${error.cause?.code ?? error.message}); is npm start running?`,
      );
    });
    /** @type {any} */
    const value = await answer.json().catch(() => ({}));
    if (!answer.ok)
      throw Object.assign(
        new Error(value.message ?? `${method} ${path} answered ${answer.status}`),
        { status: answer.status, problems: value.problems },
      );
    return value;
  };
}
