// The shell's server side of the remote registry (issue 17), used by static-server.mjs:
// - /remotes.json per visitor: the registry's answer for the visitor's sticky canary id (cookie
//   `toolshop_canary`, set here when missing) over the built-in map; the built-in map alone (or the
//   registry's last answer) when the registry does not answer in time;
// - POST /remotes/beacon: the shell's reports (`{ remote, version, kind, message }`), bounded in size,
//   rate-limited per client address and forwarded to the registry, which only counts them.
import { randomBytes } from 'node:crypto';
import { PREVIEW_COOKIE, previewLinks } from '@toolshop/registry/preview.mjs';

export const CANARY_COOKIE = 'toolshop_canary';
const cookieMaxAge = 365 * 24 * 60 * 60;
const registryTimeoutMs = 1500;
const maxBeaconBytes = 2048;
// reports per client address and minute (a page load sends one per remote, a few on failures)
const defaultBeaconsPerMinute = 60;
const beaconKinds = new Set(['ok', 'load', 'render']);

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
  const https = req.socket?.encrypted || String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https';
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
  const { remote, version, kind, message } = value;
  if (typeof remote !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/.test(remote)) return undefined;
  if (typeof version !== 'string' || version.length > 100) return undefined;
  if (!beaconKinds.has(kind)) return undefined;
  return { remote, version, kind, message: typeof message === 'string' ? message.slice(0, 500) : '' };
}

/**
 * @param {{ url: string, builtIn: Record<string, unknown>, beaconsPerMinute?: number, log?: (line: string) => void }} options
 *   url: the registry; builtIn: the map of the stack's own builds (what a remote without a
 *   registry version, or every remote when the registry is down, is loaded from);
 *   beaconsPerMinute: reports taken per client address and minute (more are dropped).
 */
export function remoteRegistry({ url, builtIn, beaconsPerMinute = defaultBeaconsPerMinute, previewKey = '', log = (line) => console.error(line) }) {
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
      const answer = await fetch(`${url}/releases/${preview.remote}/${encodeURIComponent(preview.version)}`, { signal: AbortSignal.timeout(registryTimeoutMs) });
      if (!answer.ok) throw new Error(`answered ${answer.status}`);
      return { ...map, [preview.remote]: await answer.json() };
    } catch (error) {
      log(`[static] the preview of ${preview.remote} ${preview.version} is not served: the registry ${error.message}`);
      return map;
    }
  }

  /** GET /remotes/preview?token= and /remotes/preview/end; false for any other request. */
  const preview = (req, res) => previews?.handle(req, res, Object.keys(builtIn)) ?? false;

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
      return withPreview(req, { ...builtIn, ...map });
    } catch (error) {
      if (!warned) log(`[static] the remote registry at ${url} did not answer (${error.message}); serving its last answer`);
      warned = true;
      return withPreview(req, { ...builtIn, ...lastAnswer });
    }
  }

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

  /**
   * POST /remotes/beacon: 204 when taken (forwarded in the background; over the address's limit:
   * dropped, still 204, so a page never logs a failed request), 400/413 for what no shell sends.
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
    if (!report) return void res.writeHead(400).end();
    res.writeHead(204).end();
    if (limited(req.socket.remoteAddress ?? '')) return;
    fetch(`${url}/beacon`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(registryTimeoutMs),
    }).catch(() => {});
  }

  return { mapFor, beacon, preview };
}
