import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { Browser, formAction } from './support/browser.ts';
import { authorizationRequest, redeemCode } from './support/code-flow.ts';
import { Server, type AddressInfo } from 'node:net';
import {
  ADMIN,
  CUSTOMER,
  passwordGrant,
  postJson,
  REDIRECT_URI,
  refreshGrant,
  signUpAndConfirm,
  SPA_ORIGIN,
  useTestIdentity,
  verifyAccessToken,
} from './support/test-identity.ts';

/** Every server this process starts listening (the provider's, the stand-in's), as they listen. */
const listeners: Server[] = [];
const listen = Server.prototype.listen;
Server.prototype.listen = function (this: Server, ...args: unknown[]) {
  listeners.push(this);
  return (listen as (...rest: unknown[]) => Server).apply(this, args);
} as typeof Server.prototype.listen;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const identity = useTestIdentity(27420);
const withoutGoogle = useTestIdentity(27423, { googleSignIn: false });

/** Starts the SPA's "Google" sign-in and stops at the stand-in's page. */
async function openStandin(browser: Browser) {
  const request = authorizationRequest(identity.url, { idp_hint: 'google' });
  const { url, response } = await browser.navigate(request.url);
  assert.ok(url.startsWith(identity.server.googleStandinUrl!), `at the stand-in: ${url}`);
  assert.equal(response?.status, 200);
  return { request, url, html: await response!.text() };
}

/** Fills in the stand-in and follows the browser back to the SPA's callback. */
async function googleCallback(browser: Browser, fields: Record<string, string>) {
  const { request, url, html } = await openStandin(browser);
  const done = await browser.submit(formAction(html, url), fields);
  assert.ok(done.url.startsWith(`${REDIRECT_URI}?`), `back at the SPA: ${done.url}`);
  const callback = new URL(done.url);
  assert.equal(callback.searchParams.get('state'), request.state);
  return { request, callback };
}

async function signInWithGoogle(browser: Browser, email: string, name: string) {
  const { request, callback } = await googleCallback(browser, { email, name });
  const tokens = await redeemCode(identity.url, callback.href, request.verifier);
  assert.equal(tokens.status, 200);
  return tokens.body;
}

/** Signs up with email + password (nobody verifies the email) and signs in with them. */
async function signUpWithPassword(name: string, email: string, password: string) {
  await signUpAndConfirm(identity, { name, email, password });
  const tokens = await passwordGrant(identity.url, email, password);
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

  it('never signs in an existing account by its email (finding 1: the stand-in believes any email)', async () => {
    const victim = await signUpWithPassword('Vera', 'vera@example.com', 'vault-gate-8841');
    for (const email of [CUSTOMER.email, ADMIN.email, 'VERA@example.com']) {
      const browser = new Browser(SPA_ORIGIN);
      const { url, html } = await openStandin(browser);
      const refused = await browser.submit(formAction(html, url), { email, name: 'Mallory' });
      assert.ok(!refused.url.startsWith(REDIRECT_URI), `no code for ${email}: ${refused.url}`);
      assert.equal(refused.response?.status, 403);
      assert.match(
        await refused.response!.text(),
        /role="alert"[^>]*>An account with this email already exists\. Sign in with its password\./,
      );
    }
    assert.equal(
      (await passwordGrant(identity.url, 'vera@example.com', 'vault-gate-8841')).status,
      200,
      'password unchanged',
    );
    assert.equal(
      (await refreshGrant(identity.url, victim.refresh_token!)).status,
      200,
      'sessions unchanged',
    );
    assert.equal(
      (await passwordGrant(identity.url, CUSTOMER.email, CUSTOMER.password)).status,
      200,
    );
  });

  it('links a verified account on later Google sign-ins without ending its other sessions', async () => {
    const first = await signInWithGoogle(new Browser(SPA_ORIGIN), 'walt@example.com', 'Walt');
    const again = await signInWithGoogle(new Browser(SPA_ORIGIN), 'walt@example.com', 'Walter');
    assert.equal(decodeJwt(again.access_token!).sub, decodeJwt(first.access_token!).sub);
    assert.equal(decodeJwt(again.access_token!).name, 'Walt', 'the display name is kept');
    assert.equal((await refreshGrant(identity.url, first.refresh_token!)).status, 200);
  });

  it('never links or creates an account for an email Google has not verified', async () => {
    const before = await signUpWithPassword('Uma Unlinked', 'uma@example.com', 'lantern-moss-5512');

    for (const email of ['uma@example.com', 'nobody-yet@example.com']) {
      const { callback } = await googleCallback(new Browser(SPA_ORIGIN), {
        email,
        name: 'Uma',
        unverified: 'yes',
      });
      assert.equal(callback.searchParams.get('error'), 'access_denied');
      assert.equal(
        callback.searchParams.get('error_description'),
        'Your Google email address is not verified, so it cannot be used to sign in.',
      );
      assert.equal(callback.searchParams.get('code'), null);
    }
    assert.equal(
      (await passwordGrant(identity.url, 'uma@example.com', 'lantern-moss-5512')).status,
      200,
      'password unchanged',
    );
    assert.equal(
      (await refreshGrant(identity.url, before.refresh_token!)).status,
      200,
      'session unchanged',
    );
    const unknown = await postJson(`${identity.url}/accounts`, {
      name: 'N',
      email: 'nobody-yet@example.com',
      password: 'nobody-yet-pass-9',
    });
    assert.equal(unknown.status, 202, 'no account was created for the unverified email');
    assert.match(
      identity.logs.findLast((line) => line.includes('to nobody-yet@example.com:')) ?? '',
      /Finish signing up/,
    );
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
    assert.equal(
      callback.searchParams.get('error_description'),
      'This sign-in option is not available.',
    );
  });

  it('listens on loopback only', async () => {
    // Judged by the sockets' own bound addresses, so it holds on a machine without an external
    // address too (connecting from one would prove nothing there).
    const port = Number(new URL(identity.server.googleStandinUrl!).port);
    assert.equal(
      (await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)).status,
      200,
    );
    const bound = listeners
      .filter((server) => server.listening)
      .map((server) => server.address() as AddressInfo);
    const standin = bound.filter((address) => address.port === port);
    assert.equal(
      standin.length,
      1,
      `one listener on the stand-in's port ${port}: ${JSON.stringify(bound)}`,
    );
    for (const address of bound) {
      assert.match(address.address, LOOPBACK, `bound to loopback: ${JSON.stringify(address)}`);
    }
  });
});

describe('GOOGLE_SIGN_IN=off', () => {
  it('starts no stand-in, hides the Google button and refuses idp_hint=google with a readable page', async () => {
    assert.equal(withoutGoogle.server.googleStandinUrl, undefined);
    const browser = new Browser(SPA_ORIGIN);
    const login = await browser.navigate(authorizationRequest(withoutGoogle.url).url);
    assert.equal(login.response?.status, 200);
    assert.doesNotMatch(await login.response!.text(), /Continue with Google/);

    const hinted = await new Browser(SPA_ORIGIN).navigate(
      authorizationRequest(withoutGoogle.url, { idp_hint: 'google' }).url,
    );
    assert.equal(hinted.response?.status, 400);
    assert.match(
      await hinted.response!.text(),
      /Sign-in with Google is turned off\. Please sign in with your email and password\./,
    );
  });
});
