// The shell's server side of the remote registry, used by static-server.mjs:
// - /remotes.json per visitor: the registry's answer for the visitor's sticky canary id (cookie
//   `toolshop_canary`, set here when missing) over the built-in map; the built-in map alone (or the
//   registry's last answer) when the registry does not answer in time;
// - POST /remotes/beacon: the shell's reports (`{ remote, version, kind, message, id }`), bounded in
//   size, taken only with the page load's beacon id (below), rate-limited per client address (behind
//   proxies: the address the trusted hop put in X-Forwarded-For) and forwarded to the registry with
//   the shell servers' own token; the registry counts one result per page load and remote.
// Beacon ids: each /remotes.json answer carries a new one (header X-Toolshop-Beacon-Id): signed
// (HMAC-SHA256, keyed from the shell servers' registry token, so every replica of the shell's server
// checks the others'), short-lived, naming the visitor's canary id and the version of each remote
// it served. A beacon is taken only for that visitor and those versions: no forged id, no report
// about a version the page never got, no id of another browser; a replayed one counts once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PREVIEW_COOKIE, previewLinks } from './preview.mjs';

export const CANARY_COOKIE = 'toolshop_canary';
const cookieMaxAge = 365 * 24 * 60 * 60;
const registryTimeoutMs = 1500;
const maxBeaconBytes = 2048;
// reports per client address and minute (a page load sends one per remote, a few on failures)
const defaultBeaconsPerMinute = 60;
const beaconKinds = new Set(['ok', 'load', 'render']);
export const BEACON_ID_HEADER = 'X-Toolshop-Beacon-Id';
// how long a page load may report (its later navigations included)
const beaconIdTtlMs = 30 * 60_000;

/** The value of one cookie of a request, if well-formed. */
export function cookieOf(req, name) {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

const validCanaryId = (value) => typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value);

/**
 * The visitor's canary id: from the cookie, else a new one set on this response (HttpOnly,
 * SameSite=Lax, Secure behind https, a year).
 */
export function canaryIdOf(req, res) {
  const existing = cookieOf(req, CANARY_COOKIE);
  if (validCanaryId(existing)) return existing;
  const id = randomBytes(16).toString('base64url');
  const https =
    req.socket?.encrypted ||
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https';
  res.appendHeader(
    'Set-Cookie',
    `${CANARY_COOKIE}=${id}; Path=/; Max-Age=${cookieMaxAge}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`,
  );
  return id;
}

/** A beacon as the registry accepts it, or undefined. */
export function parseBeacon(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { remote, version, kind, message, id } = value;
  if (typeof remote !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/.test(remote)) return undefined;
  if (typeof version !== 'string' || version.length > 100) return undefined;
  if (!beaconKinds.has(kind)) return undefined;
  return {
    remote,
    version,
    kind,
    message: typeof message === 'string' ? message.slice(0, 500) : '',
    id: typeof id === 'string' ? id.slice(0, 1000) : '',
  };
}

/**
 * The beacon ids of the shell's servers, signed with a key derived from `secret` (the shell
 * servers' registry token): `<payload>.<signature>`, the payload (base64url JSON) holding the page
 * load's nonce `p`, the visitor's canary id `c`, the versions served `v` and the expiry `e`.
 */
export function beaconIds(secret, now = Date.now) {
  const key = createHmac('sha256', String(secret)).update('toolshop beacon ids v1').digest();
  const sign = (payload) => createHmac('sha256', key).update(payload).digest();
  return {
    /** A new id for one page load of `visitor` that was served `map`. */
    issue(visitor, map) {
      const versions = Object.fromEntries(
        Object.entries(map)
          .filter(
            ([, value]) => value && typeof value === 'object' && typeof value.version === 'string',
          )
          .map(([remote, value]) => [remote, value.version]),
      );
      const payload = Buffer.from(
        JSON.stringify({
          p: randomBytes(16).toString('base64url'),
          c: visitor,
          v: versions,
          e: now() + beaconIdTtlMs,
        }),
      ).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    /** A keyed hash of a client address: the registry limits per client without storing addresses. */
    client: (address) =>
      createHmac('sha256', key).update(`client:${address}`).digest('base64url').slice(0, 22),
    /** The id's payload when it is ours and not expired, else undefined. */
    verify(id) {
      const [payload, signature, ...rest] = String(id ?? '').split('.');
      if (!payload || !signature || rest.length) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        return typeof value?.e === 'number' && value.e > now() ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The client's address: the socket's, or behind `trustedHops` proxies the address the outermost
 * trusted one appended to X-Forwarded-For (the `trustedHops`-th from the right: whatever a client
 * wrote into the header itself stands further left and is not believed).
 */
export function clientAddress(req, trustedHops = 0) {
  const socket = req.socket?.remoteAddress ?? '';
  if (!trustedHops) return socket;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!forwarded.length) return socket;
  return forwarded[Math.max(0, forwarded.length - trustedHops)];
}

/**
 * @param {{ url: string, builtIn: Record<string, unknown>, token?: string, trustedHops?: number,
 *           beaconsPerMinute?: number, previewKey?: string, log?: (line: string) => void }} options
 *   url: the registry; builtIn: the map of the stack's own builds (what a remote without a
 *   registry version, or every remote when the registry is down, is loaded from);
 *   token: the shell servers' registry credential (REGISTRY_SHELL_TOKEN): beacons go to the
 *   registry with it, and the beacon ids are signed with a key derived from it (none: no beacon
 *   is taken); trustedHops: the proxies in front of this server (TRUST_PROXY), whose
 *   X-Forwarded-For names the client; beaconsPerMinute: reports taken per client address and minute;
 *   previewKey: the key of preview links (PREVIEW_SIGNING_KEY; none: no preview is served).
 */
export function remoteRegistry({
  url,
  builtIn,
  token = '',
  trustedHops = 0,
  beaconsPerMinute = defaultBeaconsPerMinute,
  previewKey = process.env.PREVIEW_SIGNING_KEY ?? '',
  log = (line) => console.error(line),
}) {
  let lastAnswer = {};
  let warned = false;
  const counts = new Map(); // client address -> { minute, count }
  // preview links (preview.mjs): one remote at a candidate version for the browsers holding a signed cookie
  const previews = previewKey ? previewLinks({ key: previewKey }) : undefined;

  /** The map with this browser's preview in place, if it holds a valid one of a recorded release. */
  async function withPreview(req, map) {
    const preview = previews?.previewOf(cookieOf(req, PREVIEW_COOKIE));
    if (!preview || !(preview.remote in builtIn)) return map;
    try {
      const answer = await fetch(
        `${url}/releases/${preview.remote}/${encodeURIComponent(preview.version)}`,
        { signal: AbortSignal.timeout(registryTimeoutMs) },
      );
      if (!answer.ok) throw new Error(`answered ${answer.status}`);
      return { ...map, [preview.remote]: await answer.json() };
    } catch (error) {
      log(
        `[static] the preview of ${preview.remote} ${preview.version} is not served: the registry ${error.message}`,
      );
      return map;
    }
  }

  /** GET /remotes/preview?token= and /remotes/preview/end; false for any other request. */
  const preview = (req, res) => previews?.handle(req, res, Object.keys(builtIn)) ?? false;
  const ids = token ? beaconIds(token) : undefined;
  if (!ids)
    log('[static] no registry token for the shell (REGISTRY_SHELL_TOKEN): beacons are not taken');

  /** The map of this visitor. */
  async function mapFor(req, res) {
    const canary = canaryIdOf(req, res);
    try {
      const answer = await fetch(`${url}/remotes.json?canary=${encodeURIComponent(canary)}`, {
        signal: AbortSignal.timeout(registryTimeoutMs),
      });
      if (!answer.ok) throw new Error(`answered ${answer.status}`);
      const map = await answer.json();
      if (!map || typeof map !== 'object') throw new Error('answered no map');
      lastAnswer = map;
      warned = false;
      return withBeaconId(res, canary, await withPreview(req, { ...builtIn, ...map }));
    } catch (error) {
      if (!warned)
        log(
          `[static] the remote registry at ${url} did not answer (${error.message}); serving its last answer`,
        );
      warned = true;
      return withBeaconId(res, canary, await withPreview(req, { ...builtIn, ...lastAnswer }));
    }
  }

  /** Gives this page load its beacon id, for the versions of the map it gets. */
  const withBeaconId = (res, canary, map) => {
    if (ids) res.setHeader(BEACON_ID_HEADER, ids.issue(canary, map));
    return map;
  };

  const limited = (address) => {
    const minute = Math.floor(Date.now() / 60_000);
    const entry = counts.get(address);
    if (!entry || entry.minute !== minute) {
      if (counts.size > 10_000) counts.clear();
      counts.set(address, { minute, count: 1 });
      return false;
    }
    entry.count += 1;
    return entry.count > beaconsPerMinute;
  };

  const refuse = (res, status, message) =>
    void res
      .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
      .end(JSON.stringify({ statusCode: status, message }));

  /**
   * POST /remotes/beacon: 204 when taken (forwarded in the background), 400/413 for what no shell
   * sends, 403 without this visitor's valid beacon id for that version, 429 over the address's limit.
   */
  async function beacon(req, res) {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBeaconBytes) return void res.writeHead(413).end();
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > maxBeaconBytes) return void res.writeHead(413).end();
      chunks.push(chunk);
    }
    const report = parseBeacon(Buffer.concat(chunks).toString('utf8'));
    if (!report)
      return refuse(
        res,
        400,
        'a beacon is { remote, version, kind: "ok" | "load" | "render", message, id }',
      );
    // No registry credential: nothing can be counted (the server says so once, at its start).
    if (!ids) return void res.writeHead(204).end();
    const pageLoad = ids.verify(report.id);
    if (!pageLoad || pageLoad.c !== cookieOf(req, CANARY_COOKIE)) {
      return refuse(res, 403, "the beacon's id is missing, forged, expired or another browser's");
    }
    if (pageLoad.v?.[report.remote] !== report.version) {
      return refuse(
        res,
        403,
        `this page load was not served ${report.remote} ${report.version.slice(0, 100)}`,
      );
    }
    const address = clientAddress(req, trustedHops);
    if (limited(address))
      return refuse(res, 429, 'too many beacons from this address; try again in a minute');
    res.writeHead(204).end();
    const { remote, version, kind } = report;
    // the registry limits per client too, in its database: across every replica of this server
    fetch(`${url}/beacon`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ remote, version, kind, id: pageLoad.p, client: ids.client(address) }),
      signal: AbortSignal.timeout(registryTimeoutMs),
    }).catch(() => {});
  }

  return { mapFor, beacon, preview };
}
