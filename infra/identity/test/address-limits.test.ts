import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configFromEnv } from '../src/config.ts';
import { ADMIN, passwordGrant, postJson, useTestIdentity } from './support/test-identity.ts';

// Behind one reverse proxy (TRUST_PROXY=1) the address the proxy appended is the client's.
// The limits come from the environment, as in a deployment.
const { loginThrottle, accountRateLimits } = configFromEnv({
  MONGODB_URI: 'mongodb://unused',
  LOGIN_SLOW_STEP_MS: '0',
  LOGIN_SLOW_MAX_MS: '0',
  LOGIN_LOCK_AFTER_ACCOUNT: '10',
  LOGIN_LOCK_AFTER_ADDRESS: '3',
  LOGIN_LOCK_MINUTES: '20',
  SIGNUP_LIMIT: '2',
});
const identity = useTestIdentity(27421, { trustProxy: 1, loginThrottle, accountRateLimits });

const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('limits per client address', () => {
  it('refuses an address that failed for many accounts, and only that address', async () => {
    const attacker = '203.0.113.7';
    for (const email of ['a@example.com', 'b@example.com']) {
      const answer = await passwordGrant(identity.url, email, 'guess-123', {}, from(attacker));
      assert.equal(answer.body.error_description, 'Invalid email or password.');
    }
    const third = await passwordGrant(
      identity.url,
      'c@example.com',
      'guess-123',
      {},
      from(attacker),
    );
    assert.match(
      third.body.error_description!,
      /^Too many failed sign-in attempts\. Please wait 20 minutes/,
    );

    const blocked = await passwordGrant(
      identity.url,
      ADMIN.email,
      ADMIN.password,
      {},
      from(attacker),
    );
    assert.equal(blocked.status, 400);
    assert.match(blocked.body.error_description!, /Too many failed sign-in attempts/);

    // Entries left of the one the proxy appended are the client's word (finding 8): still the attacker.
    const spoofed = await passwordGrant(
      identity.url,
      ADMIN.email,
      ADMIN.password,
      {},
      from(`198.51.100.99, ${attacker}`),
    );
    assert.match(spoofed.body.error_description!, /Too many failed sign-in attempts/);

    const someoneElse = await passwordGrant(
      identity.url,
      ADMIN.email,
      ADMIN.password,
      {},
      from('198.51.100.20'),
    );
    assert.equal(someoneElse.status, 200);
  });

  it('refuses sign-ups from an address over SIGNUP_LIMIT, and only from that address', async () => {
    const signUp = (address: string, email: string) =>
      postJson(
        `${identity.url}/accounts`,
        { name: 'Limit', email, password: 'limit-pass-2718' },
        from(address),
      );
    const busy = '203.0.113.9';
    assert.equal((await signUp(busy, 'one@example.com')).status, 202);
    assert.equal((await signUp(busy, 'two@example.com')).status, 202);
    // Windows are fixed to the clock: a run that crosses into the next one is counted afresh there,
    // so the limit of 2 is met by the fifth sign-up at the latest.
    let refused = await signUp(busy, 'three@example.com');
    for (let more = 4; refused.status === 202 && more <= 5; more++)
      refused = await signUp(busy, `more-${more}@example.com`);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error, 'Too Many Requests');
    assert.equal((await signUp('198.51.100.30', 'three@example.com')).status, 202);
  });
});
