import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN, passwordGrant, useTestIdentity } from './support/test-identity.ts';

// Behind a reverse proxy (TRUST_PROXY=true) the address the proxy appended is the client's.
const identity = useTestIdentity(27421, {
  trustProxy: true,
  loginThrottle: {
    windowMs: 15 * 60_000,
    slowAfter: 10,
    addressSlowAfter: 10,
    delayStepMs: 0,
    maxDelayMs: 0,
    accountLimit: 10,
    addressLimit: 3,
    lockMs: 15 * 60_000,
  },
});

const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('lockout per client address', () => {
  it('refuses an address that failed for many accounts, and only that address', async () => {
    const attacker = '203.0.113.7';
    for (const email of ['a@example.com', 'b@example.com']) {
      const answer = await passwordGrant(identity.url, email, 'guess-123', {}, from(attacker));
      assert.equal(answer.body.error_description, 'Invalid email or password.');
    }
    const third = await passwordGrant(identity.url, 'c@example.com', 'guess-123', {}, from(attacker));
    assert.match(third.body.error_description!, /^Too many failed sign-in attempts\. Please wait 15 minutes/);

    const blocked = await passwordGrant(identity.url, ADMIN.email, ADMIN.password, {}, from(attacker));
    assert.equal(blocked.status, 400);
    assert.match(blocked.body.error_description!, /Too many failed sign-in attempts/);

    const someoneElse = await passwordGrant(identity.url, ADMIN.email, ADMIN.password, {}, from('198.51.100.20'));
    assert.equal(someoneElse.status, 200);
  });
});
