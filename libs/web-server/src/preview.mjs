// Preview links (release hardening): QA opens the composed site with one remote at a candidate version
// that is not active, in their browser only. `npm run remotes -- preview <remote> <version>` signs a
// link to the shell's `/remotes/preview?token=…` (HMAC-SHA256 with the preview key: PREVIEW_SIGNING_KEY
// in production, a random one per start of a local stack in data/preview-keys/<shell port>.key);
// the shell's server checks it, keeps it in an HttpOnly cookie until it expires, and gives that
// browser's /remotes.json (and prerendered home page) the candidate in place of the live version.
// A readable cookie `toolshop_preview_label` names it for the shell's banner ("Preview: storefront 0.2.0").
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';

export const PREVIEW_COOKIE = 'toolshop_preview';
export const PREVIEW_LABEL_COOKIE = 'toolshop_preview_label';
export const PREVIEW_PATH = '/remotes/preview';
const maxPreviewMs = 7 * 24 * 3600_000;

/** Where a local stack whose shell listens on this port keeps its preview key. */
export const localPreviewKeyFile = (shellPort) =>
  join(repoRoot, 'data/preview-keys', `${shellPort}.key`);

/** A new random preview key for a local stack (owner-only file); returns it. */
export function writeLocalPreviewKey(shellPort) {
  const key = randomBytes(32).toString('base64url');
  const file = localPreviewKeyFile(shellPort);
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The preview key: PREVIEW_SIGNING_KEY, else (local stacks only) the running stack's. */
export function previewKey(env, shellPort) {
  if (env.PREVIEW_SIGNING_KEY) return env.PREVIEW_SIGNING_KEY;
  if (env.NODE_ENV === 'production')
    throw new Error("set PREVIEW_SIGNING_KEY (the shell servers' preview key)");
  try {
    return readFileSync(localPreviewKeyFile(shellPort), 'utf8').trim();
  } catch {
    throw new Error(
      `no preview key of the local stack whose shell is at port ${shellPort}: is npm start running? (else set PREVIEW_SIGNING_KEY)`,
    );
  }
}

const versionPattern = /^[0-9A-Za-z.+-]{1,100}$/;

/** Signs and checks preview tokens: `<payload>.<signature>`, payload base64url JSON `{ r, v, e }`. */
export function previewTokens(key, now = Date.now) {
  const hmacKey = createHmac('sha256', String(key)).update('toolshop preview links v1').digest();
  const sign = (payload) => createHmac('sha256', hmacKey).update(payload).digest();
  return {
    /** A token for `remote` at `version`, valid `minutes`. */
    issue(remote, version, minutes = 60) {
      if (!versionPattern.test(version)) throw new Error(`"${version}" is not a version`);
      const ms = Math.round(minutes * 60_000);
      if (!(ms > 0 && ms <= maxPreviewMs))
        throw new Error('a preview lasts from a minute to 7 days');
      const payload = Buffer.from(
        JSON.stringify({ r: remote, v: version, e: now() + ms }),
      ).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    /** `{ remote, version, expires }` of a token of ours that has not expired, else undefined. */
    verify(token) {
      const [payload, signature, ...rest] = String(token ?? '').split('.');
      if (!payload || !signature || rest.length || payload.length > 500) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const { r, v, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (
          typeof r !== 'string' ||
          typeof v !== 'string' ||
          !versionPattern.test(v) ||
          typeof e !== 'number' ||
          e <= now()
        )
          return undefined;
        return { remote: r, version: v, expires: e };
      } catch {
        return undefined;
      }
    },
  };
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The shell server's side: GET /remotes/preview?token= (sets the cookies, to /), GET
 * /remotes/preview/end (clears them), and `previewOf(req)`: the preview of this browser, if any.
 * @param {{ key: string, secure?: (req: import('node:http').IncomingMessage) => boolean, now?: () => number }} options
 */
export function previewLinks({ key, now = Date.now }) {
  const tokens = previewTokens(key, now);
  const cookie = (req, name, value, maxAge, httpOnly) => {
    const https =
      req.socket?.encrypted ||
      String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim() === 'https';
    return `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${https ? '; Secure' : ''}`;
  };
  const refuse = (res, message) => {
    res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview refused</title></head><body><h1>Preview refused</h1><p>${escapeHtml(message)}</p><p><a href="/">Open the shop</a></p></body></html>`,
    );
  };
  return {
    /** Handles the preview paths; false when the request is not one of them. */
    handle(req, res, remoteNames) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'GET' || !url.pathname.startsWith(PREVIEW_PATH)) return false;
      if (url.pathname === `${PREVIEW_PATH}/end`) {
        res.writeHead(303, {
          Location: '/',
          'Cache-Control': 'no-store',
          'Set-Cookie': [
            cookie(req, PREVIEW_COOKIE, '', 0, true),
            cookie(req, PREVIEW_LABEL_COOKIE, '', 0, false),
          ],
        });
        res.end();
        return true;
      }
      if (url.pathname !== PREVIEW_PATH) return false;
      const preview = tokens.verify(url.searchParams.get('token'));
      if (!preview || !remoteNames.includes(preview.remote)) {
        refuse(
          res,
          'This preview link is not valid or has expired. Ask for a new one (npm run remotes -- preview <remote> <version>).',
        );
        return true;
      }
      const maxAge = Math.max(1, Math.floor((preview.expires - now()) / 1000));
      const label = encodeURIComponent(`${preview.remote} ${preview.version}`);
      res.writeHead(303, {
        Location: '/',
        'Cache-Control': 'no-store',
        'Set-Cookie': [
          cookie(req, PREVIEW_COOKIE, url.searchParams.get('token'), maxAge, true),
          cookie(req, PREVIEW_LABEL_COOKIE, label, maxAge, false),
        ],
      });
      res.end();
      return true;
    },
    /** The preview of this browser (its cookie, checked again: signed, not expired), else undefined. */
    previewOf(token) {
      return token ? tokens.verify(token) : undefined;
    },
  };
}
