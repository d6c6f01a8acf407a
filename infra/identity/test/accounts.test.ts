import assert from 'node:assert/strict';
import { IdentityMessages, RuleMessages } from '@toolshop/contracts';
import { describe, it } from 'node:test';
import {
  passwordGrant,
  postJson,
  signUpAndConfirm,
  SPA_ORIGIN,
  useTestIdentity,
  verifyAccessToken,
} from './support/test-identity.ts';

const identity = useTestIdentity(27418);

const signUp = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${identity.url}/accounts`, body, headers);

const rename = (token: string | undefined, body: unknown) =>
  postJson(
    `${identity.url}/accounts/me`,
    body,
    token ? { Authorization: `Bearer ${token}` } : {},
    'PATCH',
  );

describe('sign-up: POST /accounts', () => {
  it('creates the account with its display name once the mailed link is followed', async () => {
    await signUpAndConfirm(identity, {
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      password: 'analytical-engine-1843',
    });
    const signedIn = await passwordGrant(identity.url, 'ada@example.com', 'analytical-engine-1843');
    assert.equal(signedIn.status, 200);
    const { payload } = await verifyAccessToken(identity, signedIn.body.access_token!);
    assert.equal(payload.name, 'Ada Lovelace');
    assert.equal(payload.email, 'ada@example.com');
  });

  it('answers a registered email, whatever its letter case, as it answers a new one', async () => {
    const again = await signUp({
      name: 'Someone',
      email: 'ADA@example.COM',
      password: 'another-pass-1843',
    });
    assert.equal(again.status, 202);
    assert.deepEqual(again.body, { message: IdentityMessages.signupCheckInbox });
    assert.equal(
      (await passwordGrant(identity.url, 'ada@example.com', 'analytical-engine-1843')).status,
      200,
      'unchanged',
    );
  });

  it("validates every field with the spec's messages", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'x@example.com', password: 'secret1' }, 'name', 'Name is Required'],
      [{ name: 'X', password: 'secret1' }, 'email', 'Email is Required'],
      [{ name: 'X', email: 'not-an-email', password: 'secret1' }, 'email', 'Provide a valid Email'],
      [{ name: 'X', email: 'x@example.com' }, 'password', 'Password is Required'],
      [
        { name: 'X', email: 'x@example.com', password: '12345' },
        'password',
        'Must be 6 characters or longer',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await signUp(body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.deepEqual(answer.body, {
        statusCode: 400,
        message,
        error: 'Bad Request',
        field,
      });
    }
  });

  it('refuses a name that could carry a message', async () => {
    const phishing =
      'Toolshop Security Team.\n\nWe detected a suspicious payment. Re-enter your card at http://evil.test/pay';
    // One sign-up only (this file's sign-ups share one address's limit); the other breaches of the
    // rule are the contracts' unit tests and the rename below.
    const answer = await signUp({
      name: phishing,
      email: 'phish-target@example.com',
      password: 'analytical-engine-1843',
    });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, {
      statusCode: 400,
      message: RuleMessages.nameControlCharacters,
      error: 'Bad Request',
      field: 'name',
    });
    assert.equal(
      (await passwordGrant(identity.url, 'phish-target@example.com', 'analytical-engine-1843'))
        .status,
      400,
      'no account was made',
    );
  });

  it('answers a body that is not JSON in clear words', async () => {
    const response = await fetch(`${identity.url}/accounts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    assert.equal(response.status, 400);
    assert.equal(
      ((await response.json()) as { message: string }).message,
      'The request body is not valid JSON.',
    );
  });

  it('allows CORS from the shop origins only', async () => {
    const preflight = await fetch(`${identity.url}/accounts`, {
      method: 'OPTIONS',
      headers: {
        Origin: SPA_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), SPA_ORIGIN);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Content-Type/);

    const foreign = await fetch(`${identity.url}/accounts`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  });
});

describe('display name: PATCH /accounts/me', () => {
  it("updates the signed-in user's name; the next tokens carry it", async () => {
    await signUpAndConfirm(identity, {
      name: 'Grace',
      email: 'grace@example.com',
      password: 'cobol12',
    });
    const first = await passwordGrant(identity.url, 'grace@example.com', 'cobol12');
    const updated = await rename(first.body.access_token, { name: 'Grace Hopper' });
    assert.equal(updated.status, 200);
    assert.deepEqual(updated.body, { email: 'grace@example.com', name: 'Grace Hopper' });

    const next = await passwordGrant(identity.url, 'grace@example.com', 'cobol12');
    const { payload } = await verifyAccessToken(identity, next.body.access_token!);
    assert.equal(payload.name, 'Grace Hopper');
  });

  it('needs a valid access token and a name', async () => {
    const missing = await rename(undefined, { name: 'X' });
    assert.equal(missing.status, 401);
    assert.equal(missing.body.error, 'Unauthorized');

    const tampered = await passwordGrant(identity.url, 'grace@example.com', 'cobol12');
    const [header, payload, signature] = tampered.body.access_token!.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    assert.equal((await rename(forged, { name: 'X' })).status, 401);

    const blank = await rename(tampered.body.access_token, { name: '  ' });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.message, 'Name is Required');

    const phishing = await rename(tampered.body.access_token, {
      name: 'Grace\nVisit http://evil.test',
    });
    assert.equal(phishing.status, 400);
    assert.equal(phishing.body.message, RuleMessages.nameControlCharacters);
    const link = await rename(tampered.body.access_token, { name: 'Grace at www.evil' });
    assert.equal(link.body.message, RuleMessages.nameNoLinks);
    const long = await rename(tampered.body.access_token, { name: 'G'.repeat(61) });
    assert.equal(long.body.message, RuleMessages.nameTooLong);
  });
});

describe('rate limit', () => {
  it('refuses too many sign-ups from one address with a message saying so', async () => {
    let answer: Awaited<ReturnType<typeof signUp>> | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      answer = await signUp({ name: '', email: '', password: '' });
      if (answer.status === 429) break;
    }
    assert.equal(answer!.status, 429);
    assert.equal(
      answer!.body.message,
      'Too many requests from your address. Please wait a few minutes and try again.',
    );
    assert.ok(Number(answer!.headers.get('retry-after')) > 0);
  });
});
