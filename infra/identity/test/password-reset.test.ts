import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdentityMessages } from '@toolshop/contracts';
import {
  passwordGrant,
  postJson,
  refreshGrant,
  signUpAndConfirm,
  SPA_ORIGIN,
  useTestIdentity,
} from './support/test-identity.ts';

/** Reset requests per address and window (the sign-up limit counts them). */
const RESET_LIMIT = 40;

const identity = useTestIdentity(27430, {
  accountRateLimits: { signups: RESET_LIMIT, renames: 100, windowMs: 60_000 },
});

const requestReset = (email: unknown) =>
  postJson(`${identity.url}/accounts/password-reset`, { email });
const completeReset = (token: string, password: string) =>
  postJson(`${identity.url}/accounts/password-reset/complete`, { token, password });
const changePassword = (accessToken: string, body: Record<string, unknown>) =>
  postJson(`${identity.url}/accounts/me/password`, body, {
    Authorization: `Bearer ${accessToken}`,
  });

const mailsTo = (email: string) => identity.logs.filter((line) => line.includes(`to ${email}:`));

/** The token of the newest reset link mailed (logged) to this address. */
function resetTokenFor(email: string): string {
  const line = mailsTo(email).findLast((entry) => entry.includes('/reset-password#token='));
  const token =
    line && new RegExp(`${SPA_ORIGIN}/reset-password#token=([A-Za-z0-9_-]{43})`).exec(line)?.[1];
  assert.ok(token, `a reset link for ${email}`);
  return token;
}

async function newUser(email: string, password: string) {
  await signUpAndConfirm(identity, { name: 'Reset Tester', email, password });
  const signedIn = await passwordGrant(identity.url, email, password);
  assert.equal(signedIn.status, 200);
  return signedIn.body;
}

describe('password reset', () => {
  it('answers the same whether or not the address has an account; only its owner gets a link', async () => {
    await newUser('owner@example.com', 'first-choice-4711');
    const known = await requestReset('Owner@Example.com');
    const unknown = await requestReset('nobody-here@example.com');
    assert.equal(known.status, 202);
    assert.deepEqual(known.body, { message: IdentityMessages.passwordResetSent });
    assert.equal(unknown.status, known.status);
    assert.deepEqual(unknown.body, known.body);
    assert.ok(resetTokenFor('owner@example.com'));
    assert.match(mailsTo('nobody-here@example.com').at(-1) ?? '', /no Toolshop account uses\s+it/);
    assert.doesNotMatch(mailsTo('nobody-here@example.com').at(-1) ?? '', /reset-password#token=/);

    const malformed = await requestReset('not-an-email');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.message, 'Provide a valid Email');
  });

  it('sets the new password once, revokes every session and refresh token, and tells the owner', async () => {
    const email = 'forgetful@example.com';
    const before = await newUser(email, 'first-choice-4711');
    await requestReset(email);
    const token = resetTokenFor(email);

    const weak = await completeReset(token, 'password1');
    assert.equal(weak.status, 400);
    assert.equal(weak.body.message, IdentityMessages.passwordBreached);
    assert.equal(weak.body.field, 'password');

    const done = await completeReset(token, 'brand-new-choice-99');
    assert.equal(done.status, 200, 'a refused password did not use up the link');
    assert.deepEqual(done.body, { message: IdentityMessages.passwordResetDone });

    assert.equal(
      (await passwordGrant(identity.url, email, 'first-choice-4711')).status,
      400,
      'the old password is gone',
    );
    assert.equal((await passwordGrant(identity.url, email, 'brand-new-choice-99')).status, 200);
    const refreshed = await refreshGrant(identity.url, before.refresh_token!);
    assert.equal(refreshed.status, 400, 'the refresh token of the earlier sign-in is revoked');

    const again = await completeReset(token, 'third-choice-1234');
    assert.equal(again.status, 400);
    assert.equal(again.body.message, IdentityMessages.passwordResetLinkInvalid);
    assert.match(mailsTo(email).at(-1) ?? '', /Your Toolshop password was changed/);
  });

  it('a link used several times at once sets one password', async () => {
    const email = 'racing-reset@example.com';
    await newUser(email, 'first-choice-4711');
    await requestReset(email);
    const token = resetTokenFor(email);
    const passwords = [
      'racer-one-choice-11',
      'racer-two-choice-22',
      'racer-three-choice-33',
      'racer-four-choice-44',
    ];
    const answers = await Promise.all(passwords.map((password) => completeReset(token, password)));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 400, 400, 400]);
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)]!;
    for (const password of passwords) {
      assert.equal(
        (await passwordGrant(identity.url, email, password)).status,
        password === winner ? 200 : 400,
      );
    }
  });

  it('a link expires after one hour; a newer link replaces none but all go once one is used', async () => {
    const email = 'slow@example.com';
    await newUser(email, 'first-choice-4711');
    await requestReset(email);
    const first = resetTokenFor(email);
    await requestReset(email);
    const second = resetTokenFor(email);
    assert.notEqual(first, second);
    assert.equal((await completeReset(second, 'brand-new-choice-99')).status, 200);
    assert.equal(
      (await completeReset(first, 'another-choice-77')).status,
      400,
      'the other links of the account are withdrawn',
    );

    await requestReset(email);
    const late = resetTokenFor(email);
    // An hour later (the stored expiry moved into the past):
    await identity
      .db()
      .collection('password_resets')
      .updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await completeReset(late, 'another-choice-77');
    assert.equal(expired.status, 400);
    assert.equal(expired.body.message, IdentityMessages.passwordResetLinkInvalid);
  });

  it('a reset link lives one hour', async () => {
    const email = 'timed@example.com';
    await newUser(email, 'first-choice-4711');
    const asked = Date.now();
    await requestReset(email);
    const [stored] = await identity
      .db()
      .collection('password_resets')
      .find({})
      .sort({ expiresAt: -1 })
      .limit(1)
      .toArray();
    const lifetime = (stored!.expiresAt as Date).getTime() - asked;
    assert.ok(lifetime > 59 * 60_000 && lifetime <= 61 * 60_000, `${lifetime} ms`);
    assert.equal(
      JSON.stringify(stored).includes(resetTokenFor(email)),
      false,
      'only a hash of the token is stored',
    );
  });
});

describe('password change in the profile', () => {
  it('needs the current password, applies the password rule, then ends every session', async () => {
    const email = 'changer@example.com';
    const before = await newUser(email, 'first-choice-4711');
    const token = before.access_token!;

    const wrong = await changePassword(token, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-choice-99',
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body, {
      statusCode: 400,
      message: IdentityMessages.currentPasswordWrong,
      error: 'Bad Request',
      field: 'currentPassword',
    });
    const weak = await changePassword(token, {
      currentPassword: 'first-choice-4711',
      newPassword: 'qwertyuiop',
    });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.message, IdentityMessages.passwordBreached);
    assert.equal(
      (
        await changePassword('', {
          currentPassword: 'first-choice-4711',
          newPassword: 'brand-new-choice-99',
        })
      ).status,
      401,
    );

    const changed = await changePassword(token, {
      currentPassword: 'first-choice-4711',
      newPassword: 'brand-new-choice-99',
    });
    assert.equal(changed.status, 200);
    assert.deepEqual(changed.body, { message: IdentityMessages.passwordChanged });
    assert.equal(
      (await refreshGrant(identity.url, before.refresh_token!)).status,
      400,
      'sessions revoked',
    );
    assert.equal((await passwordGrant(identity.url, email, 'first-choice-4711')).status, 400);
    assert.equal((await passwordGrant(identity.url, email, 'brand-new-choice-99')).status, 200);
    assert.match(mailsTo(email).at(-1) ?? '', /Your Toolshop password was changed/);
  });
});

describe('password reset rate limit', () => {
  it('refuses too many reset requests from one address', async () => {
    let answer: Awaited<ReturnType<typeof requestReset>> | undefined;
    // Windows are fixed to the clock: a run that crosses into the next one is counted afresh there.
    for (let attempt = 0; attempt < 2 * RESET_LIMIT + 1; attempt++) {
      answer = await requestReset(`flood-${attempt}@example.com`);
      if (answer.status === 429) break;
    }
    assert.equal(answer!.status, 429);
    assert.ok(Number(answer!.headers.get('retry-after')) > 0);
  });
});
