import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { Browser, formAction } from './support/browser.ts';
import { authorizationRequest, redeemCode } from './support/code-flow.ts';
import {
  API_AUDIENCE,
  CUSTOMER,
  passwordGrant,
  refreshGrant,
  REDIRECT_URI,
  SPA_ORIGIN,
  useTestIdentity,
  verifyAccessToken,
} from './support/test-identity.ts';

const identity = useTestIdentity(27419, {
  loginThrottle: {
    windowMs: 15 * 60_000,
    slowAfter: 3,
    addressSlowAfter: 50,
    delayStepMs: 0,
    maxDelayMs: 0,
    accountLimit: 3,
    addressLimit: 50,
    lockMs: 15 * 60_000,
  },
});

async function openLoginPage(browser: Browser, extra: Record<string, string> = {}) {
  const request = authorizationRequest(identity.url, extra);
  const { url, response } = await browser.navigate(request.url);
  assert.equal(response?.status, 200, `login page expected at ${url}`);
  return { request, url, html: await response!.text() };
}

describe('authorization code + PKCE with the provider login page', () => {
  it('shows an accessible email + password page, then returns a code the SPA redeems', async () => {
    const browser = new Browser(SPA_ORIGIN);
    const { request, url, html } = await openLoginPage(browser);
    assert.match(html, /<title>Sign in<\/title>/);
    assert.match(html, /<label for="email">Email<\/label>/);
    assert.match(html, /<label for="password">Password<\/label>/);
    assert.match(html, /Continue with Google/);

    const wrong = await browser.submit(formAction(html, url), {
      email: CUSTOMER.email,
      password: 'nope-nope',
    });
    assert.equal(wrong.response?.status, 400);
    const wrongHtml = await wrong.response!.text();
    assert.match(wrongHtml, /role="alert"[^>]*>Invalid email or password\./);
    assert.match(wrongHtml, /value="customer@toolshop.test"/, 'the email stays filled in');

    const done = await browser.submit(formAction(html, url), CUSTOMER);
    assert.ok(done.url.startsWith(`${REDIRECT_URI}?`), `back at the SPA: ${done.url}`);
    const callback = new URL(done.url);
    assert.equal(callback.searchParams.get('state'), request.state);
    assert.equal(callback.searchParams.get('iss'), identity.server.issuer);

    const tokens = await redeemCode(identity.url, done.url, request.verifier);
    assert.equal(tokens.status, 200);
    assert.ok(tokens.body.refresh_token, 'a refresh token for silent renewal');
    const { payload } = await verifyAccessToken(identity, tokens.body.access_token!);
    assert.equal(payload.aud, API_AUDIENCE);
    assert.equal(payload.email, CUSTOMER.email);
    assert.equal(payload.name, 'Demo Customer');
    assert.equal(decodeJwt(tokens.body.id_token!).email, CUSTOMER.email);

    // oidc-client-ts renews with the refresh token, sending the scope of the token response.
    const renewed = await refreshGrant(identity.url, tokens.body.refresh_token!, tokens.body.scope);
    assert.equal(renewed.status, 200);
    assert.equal(
      (await verifyAccessToken(identity, renewed.body.access_token!)).payload.email,
      CUSTOMER.email,
    );
  });

  it('refuses to redeem a code without the PKCE verifier', async () => {
    const browser = new Browser(SPA_ORIGIN);
    const { url, html } = await openLoginPage(browser);
    const done = await browser.submit(formAction(html, url), CUSTOMER);
    const tokens = await redeemCode(
      identity.url,
      done.url,
      'not-the-verifier-not-the-verifier-not-the-verifier',
    );
    assert.equal(tokens.status, 400);
    assert.equal(tokens.body.error, 'invalid_grant');
  });

  it('rejects redirect URIs outside the shop origins', async () => {
    const request = authorizationRequest(identity.url, {
      redirect_uri: 'http://evil.test/auth/callback',
    });
    const { response } = await new Browser(SPA_ORIGIN).navigate(request.url);
    assert.equal(response?.status, 400);
    assert.match(await response!.text(), /redirect_uri did not match/);
  });

  it('sends the user back with access_denied when they cancel', async () => {
    const browser = new Browser(SPA_ORIGIN);
    const { url } = await openLoginPage(browser);
    const cancelled = await browser.navigate(`${url}/cancel`);
    const callback = new URL(cancelled.url);
    assert.equal(callback.searchParams.get('error'), 'access_denied');
    assert.equal(callback.searchParams.get('error_description'), 'Sign-in was cancelled.');
  });

  it('shares the lockout with the password grant', async () => {
    for (let attempt = 0; attempt < 3; attempt++)
      await passwordGrant(identity.url, 'locked@toolshop.test', 'wrong-one');
    const browser = new Browser(SPA_ORIGIN);
    const { url, html } = await openLoginPage(browser);
    const refused = await browser.submit(formAction(html, url), {
      email: 'locked@toolshop.test',
      password: 'wrong-one',
    });
    assert.equal(refused.response?.status, 429);
    assert.match(
      await refused.response!.text(),
      /Too many failed sign-in attempts\. Please wait 15 minutes and try again\./,
    );
  });
});
