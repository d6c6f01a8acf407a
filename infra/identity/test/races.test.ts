import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { INVALID_CREDENTIALS } from '../src/oidc/password-grant.ts';
import {
  passwordGrant,
  refreshGrant,
  signUpAndConfirm,
  useTestIdentity,
} from './support/test-identity.ts';

// The shop's default lockout (8 failures of an account), without the slow-down so the test is quick.
const identity = useTestIdentity(27424, {
  loginThrottle: {
    windowMs: 15 * 60_000,
    slowAfter: 1000,
    addressSlowAfter: 1000,
    delayStepMs: 0,
    maxDelayMs: 0,
    accountLimit: 8,
    addressLimit: 1000,
    lockMs: 15 * 60_000,
  },
});

async function signUp(email: string, password: string) {
  await signUpAndConfirm(identity, { name: 'Racer', email, password });
}

describe('simultaneous requests', () => {
  it('checks at most 8 passwords of 21 simultaneous guesses; a right guess past the limit gets no token', async () => {
    const email = 'raced@example.com';
    await signUp(email, 'the-right-one');
    // Before the fix all 21 read "no failures yet" and all 21 passwords were checked.
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        passwordGrant(identity.url, email, `wrong-guess-${i}`),
      ),
      passwordGrant(identity.url, email, 'the-right-one'),
    ]);
    const right = answers.pop()!;
    assert.deepEqual(
      answers.filter((answer) => answer.status !== 400).map((answer) => answer.body),
      [],
    );
    const refusedPlainly = answers.filter(
      (answer) => answer.body.error_description === INVALID_CREDENTIALS,
    ).length;
    const locked = answers.filter((answer) =>
      /^Too many failed sign-in attempts/.test(answer.body.error_description!),
    ).length;
    assert.equal(refusedPlainly + locked, 20);
    if (right.status === 200) {
      // Legitimate only when the right guess was among the first 8 attempts the provider counted.
      assert.ok(
        refusedPlainly <= 7,
        `${refusedPlainly} wrong guesses checked beside the right one`,
      );
    } else {
      assert.match(right.body.error_description!, /^Too many failed sign-in attempts/);
      assert.ok(refusedPlainly <= 7, `${refusedPlainly} wrong guesses checked, the 8th locks`);
      assert.equal(
        (await passwordGrant(identity.url, email, 'the-right-one')).status,
        400,
        'still locked',
      );
    }
  });

  it('refuses the right password sent right after the limit was reached by simultaneous guesses', async () => {
    const email = 'raced-again@example.com';
    await signUp(email, 'the-right-one');
    let answered = 0;
    const wrong = Array.from({ length: 20 }, (_, i) =>
      passwordGrant(identity.url, email, `wrong-guess-${i}`).finally(() => answered++),
    );
    // Right after the limit: once 8 guesses were answered (a fixed pause was too short on a busy machine).
    while (answered < 8) await sleep(20);
    const right = await passwordGrant(identity.url, email, 'the-right-one');
    const answers = await Promise.all(wrong);
    assert.equal(right.status, 400, 'no token after the limit');
    assert.match(right.body.error_description!, /^Too many failed sign-in attempts/);
    assert.ok(
      answers.filter((answer) => answer.body.error_description === INVALID_CREDENTIALS).length <= 7,
    );
  });

  it('redeems one refresh token once: of 3 simultaneous refreshes one succeeds, then the whole grant is revoked', async () => {
    const email = 'forked@example.com';
    await signUp(email, 'forkpass1');
    const signedIn = await passwordGrant(identity.url, email, 'forkpass1');
    assert.equal(signedIn.status, 200);

    const refreshes = await Promise.all(
      [1, 2, 3].map(() => refreshGrant(identity.url, signedIn.body.refresh_token!)),
    );
    const succeeded = refreshes.filter((answer) => answer.status === 200);
    assert.equal(
      succeeded.length,
      1,
      `statuses ${refreshes.map((answer) => answer.status).join(', ')}`,
    );
    for (const refused of refreshes.filter((answer) => answer.status !== 200)) {
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error, 'invalid_grant');
    }
    const forked = await refreshGrant(identity.url, succeeded[0]!.body.refresh_token!);
    assert.equal(forked.status, 400, 'the token handed out in the race is dead too');
    assert.equal(forked.body.error, 'invalid_grant');
  });
});
