import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { Browser, formAction } from './support/browser.ts';
import { authorizationRequest } from './support/code-flow.ts';
import { CUSTOMER, REDIRECT_URI, SPA_ORIGIN, useTestIdentity } from './support/test-identity.ts';

// Behind the TLS-terminating proxy, as in production (TRUST_PROXY=1).
const identity = useTestIdentity(27422, { trustProxy: 1 });
const overHttps = { 'X-Forwarded-Proto': 'https' };

function assertNotFramable(response: Response) {
  assert.equal(response.headers.get('x-frame-options'), 'DENY');
  const policy = response.headers.get('content-security-policy') ?? '';
  assert.match(policy, /frame-ancestors 'none'/);
  assert.match(policy, /default-src 'none'/);
}

/** The callback's query when the provider sends the browser straight back to the SPA. */
async function callbackOf(extra: Record<string, string>) {
  const request = authorizationRequest(identity.url, extra);
  const response = await fetch(request.url, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  assert.ok(location.startsWith(`${REDIRECT_URI}?`), `back at the SPA: ${location}`);
  return new URL(location).searchParams;
}

describe('hardening of the provider', () => {
  it('marks its cookies HttpOnly and SameSite=Lax, and Secure with HSTS over https', async () => {
    const request = authorizationRequest(identity.url);
    const secure = await fetch(request.url, { redirect: 'manual', headers: overHttps });
    const cookies = secure.headers.getSetCookie();
    assert.ok(cookies.length > 0, 'the authorization request starts an interaction cookie');
    for (const cookie of cookies) {
      const attributes = cookie.toLowerCase().split(/;\s*/).slice(1);
      for (const flag of ['secure', 'httponly', 'samesite=lax'])
        assert.ok(attributes.includes(flag), `${flag}: ${cookie}`);
    }
    assert.match(secure.headers.get('strict-transport-security') ?? '', /max-age=31536000/);

    const plain = await fetch(authorizationRequest(identity.url).url, { redirect: 'manual' });
    for (const cookie of plain.headers.getSetCookie()) assert.match(cookie, /; httponly/i);
    assert.equal(plain.headers.get('strict-transport-security'), null);
  });

  it('requires PKCE with S256 on every authorization code request', async () => {
    const missing = await callbackOf({ code_challenge: '', code_challenge_method: '' });
    assert.equal(missing.get('error'), 'invalid_request');
    assert.equal(missing.get('code'), null);

    const verifier = 'plain-verifier-plain-verifier-plain-verifier-0123';
    const plain = await callbackOf({ code_challenge: verifier, code_challenge_method: 'plain' });
    assert.equal(plain.get('error'), 'invalid_request');
    assert.equal(plain.get('code'), null);
  });

  it('accepts only the exact registered redirect URIs, on a page that cannot be framed', async () => {
    for (const redirectUri of [
      `${REDIRECT_URI}/`,
      `${REDIRECT_URI}?next=https://evil.test`,
      `${REDIRECT_URI}x`,
      'http://localhost:3009/auth/callback',
      'https://localhost:3000/auth/callback',
    ]) {
      const request = authorizationRequest(identity.url, { redirect_uri: redirectUri });
      const response = await fetch(request.url, { redirect: 'manual' });
      assert.equal(response.status, 400, redirectUri);
      assert.equal(response.headers.get('location'), null, `no redirect to ${redirectUri}`);
      assertNotFramable(response);
      assert.match(await response.text(), /redirect_uri did not match/);
    }
  });

  it('sends clickjacking and content-security headers on the login and logout pages', async () => {
    const browser = new Browser(SPA_ORIGIN);
    const login = await browser.navigate(authorizationRequest(identity.url).url);
    assert.equal(login.response?.status, 200);
    assertNotFramable(login.response!);

    const signedIn = await browser.submit(
      formAction(await login.response!.text(), login.url),
      CUSTOMER,
    );
    assert.ok(signedIn.url.startsWith(`${REDIRECT_URI}?code=`));
    const logout = await browser.request(`${identity.url}/session/end?client_id=toolshop-web`);
    assert.equal(logout.status, 200);
    assertNotFramable(logout);
    assert.match(
      logout.headers.get('content-security-policy')!,
      new RegExp(`form-action 'self' ${SPA_ORIGIN}`),
    );
    assert.match(await logout.text(), /Sign out of Toolshop\?/);
  });

  it('lets a form_post page run its one inline script and nothing else', async () => {
    const request = authorizationRequest(identity.url, {
      prompt: 'none',
      response_mode: 'form_post',
    });
    const response = await fetch(request.url, { redirect: 'manual' });
    const html = await response.text();
    assert.match(html, /<form method="post" action="http:\/\/localhost:3000\/auth\/callback">/);
    assert.match(html, /name="error" value="login_required"/);
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    assert.match(policy, new RegExp(`script-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    assertNotFramable(response);
  });

  it('never redirects away from the stand-in or the upstream callback', async () => {
    const standin = new URL('/auth', identity.server.googleStandinUrl);
    standin.search = new URLSearchParams({
      client_id: 'toolshop-identity',
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: 'https://evil.test/callback',
    }).toString();
    const atStandin = await fetch(standin, { redirect: 'manual' });
    assert.equal(atStandin.status, 400);
    assert.equal(atStandin.headers.get('location'), null);
    assertNotFramable(atStandin);

    for (const state of ['//evil.test/x', '/\\evil.test', 'https:evil.test']) {
      const callback = await fetch(
        `${identity.url}/interaction/callback/google?state=${encodeURIComponent(state)}&code=x`,
        {
          redirect: 'manual',
        },
      );
      assert.equal(callback.status, 400, state);
      assert.equal(callback.headers.get('location'), null);
    }
  });
});
