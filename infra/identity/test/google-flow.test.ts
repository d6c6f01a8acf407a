import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { Browser, formAction } from './support/browser.ts';
import { authorizationRequest, redeemCode } from './support/code-flow.ts';
import {
  passwordGrant,
  postJson,
  REDIRECT_URI,
  SPA_ORIGIN,
  useTestIdentity,
  verifyAccessToken,
} from './support/test-identity.ts';

const identity = useTestIdentity(27220);

/** Starts the SPA's "Google" sign-in and stops at the stand-in's page. */
async function openStandin(browser: Browser) {
  const request = authorizationRequest(identity.url, { idp_hint: 'google' });
  const { url, response } = await browser.navigate(request.url);
  assert.ok(url.startsWith(identity.server.googleStandinUrl!), `at the stand-in: ${url}`);
  assert.equal(response?.status, 200);
  return { request, url, html: await response!.text() };
}

async function signInWithGoogle(browser: Browser, email: string, name: string) {
  const { request, url, html } = await openStandin(browser);
  const done = await browser.submit(formAction(html, url), { email, name });
  assert.ok(done.url.startsWith(`${REDIRECT_URI}?`), `back at the SPA: ${done.url}`);
  assert.equal(new URL(done.url).searchParams.get('state'), request.state);
  const tokens = await redeemCode(identity.url, done.url, request.verifier);
  assert.equal(tokens.status, 200);
  return tokens.body;
}

describe('the Google option through the local stand-in', () => {
  it('shows a clearly labelled stand-in page asking for an email and a name', async () => {
    const { html } = await openStandin(new Browser(SPA_ORIGIN));
    assert.match(html, /<h1>Google sign-in stand-in \(development\)<\/h1>/);
    assert.match(html, /this is not Google/);
    assert.match(html, /<label for="email">Email<\/label>/);
    assert.match(html, /<label for="name">Name<\/label>/);
  });

  it('creates the account on first use and finishes the code flow back at the SPA', async () => {
    const tokens = await signInWithGoogle(new Browser(SPA_ORIGIN), 'Gus@Example.com', 'Gus Google');
    const { payload } = await verifyAccessToken(identity, tokens.access_token!);
    assert.equal(payload.email, 'gus@example.com');
    assert.equal(payload.name, 'Gus Google');
    const idToken = decodeJwt(tokens.id_token!);
    assert.equal(idToken.email, 'gus@example.com');
    assert.equal(idToken.email_verified, true);
  });

  it('links an existing email + password account by its verified email', async () => {
    const created = await postJson(`${identity.url}/accounts`, {
      name: 'Linda Link',
      email: 'linda@example.com',
      password: 'linked1',
    });
    assert.equal(created.status, 201);
    const viaPassword = await passwordGrant(identity.url, 'linda@example.com', 'linked1');
    const passwordSub = decodeJwt(viaPassword.body.access_token!).sub;

    const viaGoogle = await signInWithGoogle(new Browser(SPA_ORIGIN), 'LINDA@example.com', 'Another Name');
    const { payload } = await verifyAccessToken(identity, viaGoogle.access_token!);
    assert.equal(payload.sub, passwordSub, 'the same account');
    assert.equal(payload.name, 'Linda Link', 'the display name is kept');

    assert.equal((await passwordGrant(identity.url, 'linda@example.com', 'linked1')).status, 200, 'password still works');
  });

  it('goes to Google again even when the browser is still signed in at the provider', async () => {
    const browser = new Browser(SPA_ORIGIN);
    await signInWithGoogle(browser, 'first@example.com', 'First');
    const second = await signInWithGoogle(browser, 'second@example.com', 'Second');
    assert.equal(decodeJwt(second.id_token!).email, 'second@example.com');
  });

  it('asks again when the stand-in form is not filled in properly', async () => {
    const browser = new Browser(SPA_ORIGIN);
    const { url, html } = await openStandin(browser);
    const retry = await browser.submit(formAction(html, url), { email: 'not-an-email', name: 'X' });
    assert.equal(retry.response?.status, 400);
    assert.match(await retry.response!.text(), /role="alert"[^>]*>Provide a valid Email/);
  });

  it('rejects an unknown identity-provider hint with a readable error at the SPA', async () => {
    const request = authorizationRequest(identity.url, { idp_hint: 'myspace' });
    const { url } = await new Browser(SPA_ORIGIN).navigate(request.url);
    const callback = new URL(url);
    assert.equal(callback.searchParams.get('error'), 'invalid_request');
    assert.equal(callback.searchParams.get('error_description'), 'This sign-in option is not available.');
  });
});
