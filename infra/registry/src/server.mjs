// The registry's HTTP face (plain node:http, JSON in and out, every refusal a JSON error with a message):
//   GET  /health                          ready
//   GET  /remotes.json?canary=<id>        the visitor's remotes map (asked by the shell's server)
//   POST /beacon                          { remote, version, kind, id, client }: one page load's result (the shell servers' token)
//   GET  /releases/<remote>/<version>     a recorded release as a map entry (the shell's server: preview links)
//   POST /releases                        record a published release          (team token of that remote)
//   POST /remotes/<remote>/activate       { version, percent?, reason? }      (team token of that remote)
//   POST /remotes/<remote>/promote        { reason? }                         (team token of that remote)
//   POST /remotes/<remote>/rollback       { reason? }                         (team token of that remote)
//   GET  /status                          what is live, canaries and their reports (any team token, or a shop admin)
//   GET  /history[?remote=&limit=]        newest first (limit 1-500, 100 by default): every release and activation        (a team: its own; a shop admin: all)
// A team token is `Authorization: Bearer <REGISTRY_TOKEN_<REMOTE>>`; a shop admin uses the API token
// of the shop (checked by asking the API for an admin-only resource with it). Beacons come only from
// the shell's servers, which check each page load's signed id and the visitor's address first:
// `Authorization: Bearer <REGISTRY_SHELL_TOKEN>` (a credential of their own, no team's). /status and /history
// answer cross-origin reads from `corsOrigins` (the shell's origin: the admin remote's Remote Releases
// page calls the registry from the browser); nothing else is readable cross-origin.
import { timingSafeEqual } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import { RegistryError } from './registry.mjs';
import { isRemoteName, remoteNames } from './config.mjs';

const maxBody = 1024 * 1024;

const json = (res, status, body) => {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...res.corsHeaders,
  });
  res.end(text);
};
const fail = (res, status, message, extra = {}) =>
  json(res, status, {
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    message,
    ...extra,
  });

async function readJson(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > maxBody) throw new RegistryError(413, 'the body is too large');
    chunks.push(chunk);
  }
  if (!size) return {};
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error();
    return value;
  } catch {
    throw new RegistryError(400, 'the body must be a JSON object');
  }
}

const same = (a, b) => {
  const x = Buffer.from(String(a));
  const y = Buffer.from(String(b));
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * @param {{ registry: ReturnType<import('./registry.mjs').createRegistry>, tokens: Record<string, string>,
 *           isShopAdmin?: (authorization: string) => Promise<boolean>, corsOrigins?: string[], shellToken?: string }} options
 *   shellToken: the shell servers' credential for POST /beacon (none: every beacon is refused).
 */
export function createRegistryServer({
  registry,
  tokens,
  isShopAdmin = async () => false,
  corsOrigins = [],
  shellToken = '',
}) {
  /**
   * The team whose token this is, or undefined. A team's REGISTRY_TOKEN_<REMOTE> may list two tokens,
   * comma-separated, while it rotates them (README.md, "Production"): either is that team's.
   */
  const teamOf = (authorization = '') => {
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!token) return undefined;
    const secretsOf = (secrets) =>
      String(secrets ?? '')
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean);
    return Object.entries(tokens).find(([, secrets]) =>
      secretsOf(secrets).some((secret) => same(secret, token)),
    )?.[0];
  };
  const actor = (req, team) => {
    const who = String(req.headers['x-registry-actor'] ?? '')
      .replace(/[^\w .@+-]/g, '')
      .slice(0, 80);
    return who ? `${team} team (${who})` : `${team} team`;
  };
  /** The team of the request, which must be this remote's: 401 without a token, 403 for another team's. */
  const requireTeam = (req, remote) => {
    const team = teamOf(req.headers.authorization);
    if (!team)
      throw new RegistryError(401, 'a team token is required (Authorization: Bearer <token>)');
    if (remote && team !== remote)
      throw new RegistryError(403, `the ${team} team's token cannot change the ${remote} remote`);
    return team;
  };

  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://registry');
      const path = url.pathname;
      const origin = req.headers.origin;
      if ((path === '/status' || path === '/history') && origin && corsOrigins.includes(origin)) {
        const corsHeaders = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
        Object.assign(res, { corsHeaders }); // added to every answer by send()
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            ...corsHeaders,
            'Access-Control-Allow-Methods': 'GET',
            'Access-Control-Allow-Headers': 'Authorization',
            'Access-Control-Max-Age': '600',
          });
          return res.end();
        }
      }
      if (req.method === 'GET' && path === '/health') return json(res, 200, { status: 'ok' });
      if (req.method === 'GET' && path === '/remotes.json') {
        const canary = url.searchParams.get('canary') ?? undefined;
        return json(
          res,
          200,
          await registry.remotesFor(canary && canary.length <= 100 ? canary : undefined),
        );
      }
      if (req.method === 'POST' && path === '/beacon') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!shellToken || !token || !same(shellToken, token)) {
          throw new RegistryError(
            401,
            "beacons are taken only from the shell's servers (Authorization: Bearer <REGISTRY_SHELL_TOKEN>)",
          );
        }
        const body = await readJson(req);
        const counted = await registry.beacon(body);
        return json(res, 202, { counted });
      }
      const previewed = req.method === 'GET' && /^\/releases\/([a-z]+)\/([^/]{1,100})$/.exec(path);
      if (previewed) {
        // a recorded release as a map entry (public data: its files are public in the store), for preview links
        const [, remote, raw] = previewed;
        if (!isRemoteName(remote)) throw new RegistryError(404, `no remote named "${remote}"`);
        const version = (() => {
          try {
            return decodeURIComponent(raw ?? '');
          } catch {
            throw new RegistryError(400, 'the version is not well-formed');
          }
        })();
        const entry = await registry.entry(remote, version);
        if (!entry) throw new RegistryError(404, `${remote} ${version} is not a recorded release`);
        return json(res, 200, entry);
      }
      if (req.method === 'POST' && path === '/releases') {
        const body = await readJson(req);
        if (typeof body.remote !== 'string' || !isRemoteName(body.remote)) {
          throw new RegistryError(400, `remote must be one of ${remoteNames.join(', ')}`);
        }
        const team = requireTeam(req, body.remote);
        const release = await registry.release(body.remote, body, actor(req, team));
        const { integrity, ...summary } = release;
        return json(res, 201, { ...summary, files: Object.keys(integrity).length });
      }
      const action = /^\/remotes\/([a-z]+)\/(activate|promote|rollback)$/.exec(path);
      if (action && req.method === 'POST') {
        const [, remote, verb] = action;
        if (!isRemoteName(remote)) throw new RegistryError(404, `no remote named "${remote}"`);
        const team = requireTeam(req, remote);
        const body = await readJson(req);
        const reason = typeof body.reason === 'string' ? body.reason.slice(0, 500) : null;
        const percent = body.percent === undefined ? 100 : body.percent;
        const state = await registry[verb](
          remote,
          { version: body.version, percent, reason },
          actor(req, team),
        );
        return json(res, 200, {
          remote,
          active: state.active?.version ?? null,
          canary: state.canary ?? null,
        });
      }
      if (req.method === 'GET' && (path === '/status' || path === '/history')) {
        const team = teamOf(req.headers.authorization);
        const admin =
          !team && req.headers.authorization ? await isShopAdmin(req.headers.authorization) : false;
        if (!team && !admin)
          throw new RegistryError(401, "a team token or a shop admin's API token is required");
        if (path === '/status') return json(res, 200, await registry.status());
        const wanted = url.searchParams.get('remote');
        if (wanted && !isRemoteName(wanted))
          throw new RegistryError(400, `remote must be one of ${remoteNames.join(', ')}`);
        if (team && wanted && wanted !== team)
          throw new RegistryError(403, `the ${team} team's token reads only the ${team} history`);
        const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : 100;
        if (!Number.isInteger(limit) || limit < 1 || limit > 500)
          throw new RegistryError(400, 'limit must be a whole number from 1 to 500');
        return json(res, 200, await registry.history(team ?? wanted ?? undefined, limit));
      }
      return fail(res, 404, `no such operation: ${req.method} ${path}`);
    } catch (error) {
      if (error instanceof RegistryError)
        return fail(
          res,
          error.status,
          error.message,
          error.problems ? { problems: error.problems } : {},
        );
      console.error('[registry]', error);
      return fail(res, 500, 'the registry failed; see its log');
    }
  });
}
