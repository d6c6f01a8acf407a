import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdentityMessages } from '@toolshop/contracts';
import { decodeJwt } from 'jose';
import { Browser } from './support/browser.ts';
import { authorizationRequest, redeemCode } from './support/code-flow.ts';
import {
  CUSTOMER,
  passwordGrant,
  postJson,
  REDIRECT_URI,
  signUpAndConfirm,
  signupLinkFor,
  SPA_ORIGIN,
  useTestIdentity,
  verifyAccessToken,
} from './support/test-identity.ts';

const identity = useTestIdentity(27429, {
  accountRateLimits: { signups: 200, renames: 100, windowMs: 60_000 },
});

const signUp = (body: Record<string, string>) => postJson(`${identity.url}/accounts`, body);
const mailsTo = (email: string) => identity.logs.filter((line) => line.includes(`to ${email}:`));

/** The shop's /signup/complete#ticket=… completed as the shell does: the code flow with the ticket. */
async function completeInShop(location: URL, browser = new Browser(SPA_ORIGIN)) {
  const ticket = new URLSearchParams(location.hash.slice(1)).get('ticket') ?? '';
  const request = authorizationRequest(identity.url, { login_ticket: ticket });
  const { url } = await browser.navigate(request.url);
  return { url, request };
}

describe('sign-up answers the same for new and registered addresses', () => {
  it('makes no account until the mailed link is followed; the link makes it verified and signs in', async () => {
    const user = { name: 'Nora New', email: 'nora@example.com', password: 'tin-roof-rusted-42' };
    const answer = await signUp(user);
    assert.equal(answer.status, 202);
    assert.deepEqual(answer.body, { message: IdentityMessages.signupCheckInbox });
    assert.equal(
      (await passwordGrant(identity.url, user.email, user.password)).status,
      400,
      'nothing to sign in to yet',
    );

    const mail = mailsTo(user.email).at(-1) ?? '';
    assert.match(mail, /Finish signing up at Toolshop/);
    assert.doesNotMatch(mail, /Nora/, 'no user-chosen text in mail to an unproven address');

    const link = signupLinkFor(identity, user.email);
    assert.notEqual(
      (await fetch(link, { method: 'HEAD', redirect: 'manual' })).status,
      303,
      'a HEAD does not use the link',
    );
    const followed = await fetch(link, { redirect: 'manual' });
    assert.equal(followed.status, 303);
    const location = new URL(followed.headers.get('location')!);
    assert.equal(`${location.origin}${location.pathname}`, `${SPA_ORIGIN}/signup/complete`);
    assert.match(location.hash, /^#ticket=[A-Za-z0-9_-]{43}$/);
    assert.equal((await fetch(link, { redirect: 'manual' })).status, 400, 'the link works once');

    // The shop completes the sign-in with the ticket: a code for the new account, no password asked.
    const { url, request } = await completeInShop(location);
    assert.ok(url.startsWith(`${REDIRECT_URI}?`), `back at the shop: ${url}`);
    const tokens = await redeemCode(identity.url, url, request.verifier);
    assert.equal(tokens.status, 200);
    const { payload } = await verifyAccessToken(identity, tokens.body.access_token!);
    assert.equal(payload.email, user.email);
    assert.equal(payload.name, user.name);
    assert.equal(payload.email_verified, true);
    assert.equal(decodeJwt(tokens.body.id_token!).email_verified, true);

    const again = await completeInShop(location);
    assert.match(again.url, /error=access_denied/, 'a ticket signs in once');
    assert.equal(
      (await passwordGrant(identity.url, user.email, user.password)).status,
      200,
      'the chosen password works',
    );
  });

  it('answers a registered address exactly like a new one and mails its owner instead', async () => {
    const fresh = await signUp({
      name: 'Someone',
      email: 'fresh-address@example.com',
      password: 'another-pass-1843',
    });
    const taken = await signUp({
      name: 'Someone',
      email: 'Customer@Toolshop.test',
      password: 'another-pass-1843',
    });
    assert.equal(taken.status, fresh.status);
    assert.deepEqual(taken.body, fresh.body);
    assert.deepEqual(
      [...taken.headers.keys()].filter(
        (name) => !['date', 'x-trace-id', 'traceresponse', 'x-request-id'].includes(name),
      ),
      [...fresh.headers.keys()].filter(
        (name) => !['date', 'x-trace-id', 'traceresponse', 'x-request-id'].includes(name),
      ),
    );

    const notice = mailsTo(CUSTOMER.email).at(-1) ?? '';
    assert.match(notice, /Someone tried to sign up at Toolshop with your email address/);
    assert.match(notice, /sign in .*\/login/);
    assert.match(notice, /Forgot password\?/);
    assert.doesNotMatch(
      notice,
      /Someone,|accounts\/verify/,
      'no name, no link that would make an account',
    );
    assert.equal(
      (await passwordGrant(identity.url, CUSTOMER.email, CUSTOMER.password)).status,
      200,
      'the account is untouched',
    );
    assert.equal(
      (await passwordGrant(identity.url, CUSTOMER.email, 'another-pass-1843')).status,
      400,
    );
  });

  it('takes about as long for a registered address as for a new one', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await signUp({ name: 'Timer', email, password: 'clockwork-orange-77' });
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const registered: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round++) {
      registered.push(await time(CUSTOMER.email));
      unknown.push(await time(`timer-${round}@example.com`));
    }
    const [a, b] = [median(registered), median(unknown)];
    // Both hash the password (scrypt, tens of ms); without that a registered address answered in a few ms.
    assert.ok(
      Math.max(a, b) / Math.min(a, b) < 2.5,
      `registered ${a.toFixed(1)} ms, new ${b.toFixed(1)} ms`,
    );
  });

  it('two links of one address: the first followed makes the account, the other says to sign in', async () => {
    const email = 'twice@example.com';
    await signUp({ name: 'First', email, password: 'first-choice-4711' });
    const first = signupLinkFor(identity, email);
    await signUp({ name: 'Second', email, password: 'second-choice-4711' });
    const second = signupLinkFor(identity, email);
    assert.notEqual(first, second);
    assert.equal((await fetch(second, { redirect: 'manual' })).status, 303);
    const late = await fetch(first, { redirect: 'manual' });
    assert.equal(late.status, 409);
    assert.match(await late.text(), /already has a Toolshop account/);
    assert.equal((await passwordGrant(identity.url, email, 'second-choice-4711')).status, 200);
    assert.equal((await passwordGrant(identity.url, email, 'first-choice-4711')).status, 400);
  });

  it('a link used twice at once makes one account and one sign-in', async () => {
    const email = 'racing-link@example.com';
    await signUp({ name: 'Racer', email, password: 'photo-finish-2718' });
    const link = signupLinkFor(identity, email);
    const answers = await Promise.all([1, 2, 3, 4].map(() => fetch(link, { redirect: 'manual' })));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [303, 400, 400, 400]);
  });

  it('test helper: signUpAndConfirm gives an account that signs in', async () => {
    const location = await signUpAndConfirm(identity, {
      name: 'Helper',
      email: 'helper@example.com',
      password: 'helper-pass-2718',
    });
    assert.equal(location.pathname, '/signup/complete');
    assert.equal(
      (await passwordGrant(identity.url, 'helper@example.com', 'helper-pass-2718')).status,
      200,
    );
  });
});

// The page a sign-up started from travels with the pending sign-up, so the mailed
// link lands there in any browser (no storage of the one that signed up needed).
describe('a sign-up carries its return path through the mailed link', () => {
  it('hands the return path back with the ticket when the link is followed', async () => {
    const email = 'buy-now@example.com';
    const answer = await postJson(`${identity.url}/accounts`, {
      name: 'Buy Now',
      email,
      password: 'impact-driver-2026',
      returnTo: '/tools/6650c0ffee?from=card#order',
    });
    assert.equal(answer.status, 202);
    const followed = await fetch(signupLinkFor(identity, email), { redirect: 'manual' });
    assert.equal(followed.status, 303);
    const location = new URL(followed.headers.get('location')!);
    assert.equal(`${location.origin}${location.pathname}`, `${SPA_ORIGIN}/signup/complete`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    assert.match(fragment.get('ticket') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.equal(fragment.get('returnTo'), '/tools/6650c0ffee?from=card#order');
    // The ticket still signs in as before.
    const { url } = await completeInShop(location);
    assert.ok(url.startsWith(`${REDIRECT_URI}?`), `back at the shop: ${url}`);
  });

  it('without a return path the link lands as before (no returnTo)', async () => {
    const location = await signUpAndConfirm(identity, {
      name: 'Plain',
      email: 'plain-return@example.com',
      password: 'plain-return-8812',
    });
    assert.equal(new URLSearchParams(location.hash.slice(1)).get('returnTo'), null);
  });

  const attempts: [string, unknown][] = [
    ['another host', '//evil.test/tools/1'],
    ['a scheme', 'https://evil.test/tools/1'],
    ['a script', 'javascript:alert(1)'],
    ['a backslash host', '/\\evil.test'],
    ['a tab before the host', '/\t/evil.test'],
    ['a line break', '/tools/1\nLocation: https://evil.test'],
    ['a relative path', 'tools/1'],
    ['an empty string', ''],
    ['too long a path', `/tools/${'a'.repeat(600)}`],
    ['a number', 42],
    ['an object', { path: '/tools/1' }],
  ];
  for (const [what, returnTo] of attempts) {
    it(`refuses ${what} as return path (400, no mail, nothing to follow)`, async () => {
      const email = `open-redirect-${attempts.findIndex(([name]) => name === what)}@example.com`;
      const answer = await postJson(`${identity.url}/accounts`, {
        name: 'Redirector',
        email,
        password: 'open-redirect-5512',
        returnTo,
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.field, 'returnTo');
      assert.match(answer.body.message ?? '', /return path must be a path of this shop/);
      assert.equal(mailsTo(email).length, 0, 'no sign-up link mailed');
    });
  }
});
