// Preview links (release hardening): signed, expiring, for one remote at one version.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { previewLinks, previewTokens } from '../src/preview.mjs';

test('a preview token holds its remote and version until it expires; a forged or foreign one is refused', () => {
  let now = 1_000_000;
  const tokens = previewTokens('key-one', () => now);
  const token = tokens.issue('storefront', '0.2.0+abc', 30);
  assert.deepEqual(tokens.verify(token), {
    remote: 'storefront',
    version: '0.2.0+abc',
    expires: 1_000_000 + 30 * 60_000,
  });
  const [payload, signature] = token.split('.');
  const forged = Buffer.from(
    JSON.stringify({ r: 'storefront', v: '9.9.9', e: now + 60_000 }),
  ).toString('base64url');
  assert.equal(tokens.verify(`${forged}.${signature}`), undefined);
  assert.equal(previewTokens('another-key', () => now).verify(token), undefined);
  assert.equal(tokens.verify(`${payload}.`), undefined);
  now += 30 * 60_000 + 1;
  assert.equal(tokens.verify(token), undefined);
  assert.throws(() => tokens.issue('storefront', '0.2.0', 0), /a minute to 7 days/);
});

test('the shell server sets the cookies from a valid link and refuses another with 403', () => {
  const links = previewLinks({ key: 'k' });
  const token = previewTokens('k').issue('storefront', '0.2.0+abc', 10);
  const answer = (url) => {
    const res = {
      status: 0,
      headers: {},
      body: '',
      writeHead(status, headers) {
        this.status = status;
        this.headers = headers ?? {};
      },
      end(body = '') {
        this.body = body;
      },
    };
    const handled = links.handle({ method: 'GET', url, headers: {}, socket: {} }, res, [
      'storefront',
      'dashboard',
      'admin',
    ]);
    return { handled, ...res };
  };
  const ok = answer(`/remotes/preview?token=${token}`);
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.Location, '/');
  assert.match(
    ok.headers['Set-Cookie'][0],
    new RegExp(
      `^toolshop_preview=${token.replace('.', '\\.')}; Path=/; Max-Age=(599|600); SameSite=Lax; HttpOnly$`,
    ),
  );
  assert.match(ok.headers['Set-Cookie'][1], /^toolshop_preview_label=storefront%200\.2\.0%2Babc; /);
  assert.equal(links.previewOf(token)?.version, '0.2.0+abc');
  const bad = answer(`/remotes/preview?token=${token}x`);
  assert.equal(bad.status, 403);
  assert.match(bad.body, /This preview link is not valid or has expired\./);
  assert.equal(answer('/other').handled, false);
  assert.match(
    answer('/remotes/preview/end').headers['Set-Cookie'][0],
    /^toolshop_preview=; Path=\/; Max-Age=0/,
  );
});
