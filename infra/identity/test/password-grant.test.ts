import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import {
  ADMIN,
  API_AUDIENCE,
  CUSTOMER,
  passwordGrant,
  postForm,
  refreshGrant,
  useTestIdentity,
  verifyAccessToken,
} from './support/test-identity.ts';

const identity = useTestIdentity(27417, {
  loginThrottle: {
    windowMs: 60_000,
    slowAfter: 3,
    addressSlowAfter: 50,
    delayStepMs: 1500,
    maxDelayMs: 1500,
    accountLimit: 4,
    addressLimit: 50,
    lockMs: 60_000,
  },
});

describe('discovery', () => {
  it('publishes the endpoints, the password grant and RS256 public keys only', async () => {
    const response = await fetch(`${identity.url}/.well-known/openid-configuration`);
    assert.equal(response.status, 200);
    const metadata = (await response.json()) as Record<string, unknown>;
    assert.equal(metadata.issuer, identity.server.issuer);
    assert.equal(metadata.token_endpoint, `${identity.server.issuer}/token`);
    assert.equal(metadata.jwks_uri, `${identity.server.issuer}/jwks`);
    assert.ok((metadata.grant_types_supported as string[]).includes('password'));
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);

    const jwks = (await (await fetch(`${identity.url}/jwks`)).json()) as {
      keys: Record<string, unknown>[];
    };
    assert.ok(jwks.keys.length >= 1);
    for (const key of jwks.keys) {
      assert.equal(key.kty, 'RSA');
      assert.equal(key.d, undefined, 'no private key material');
    }
  });
});

describe('password grant', () => {
  it('returns a 15-minute RS256 JWT for the API with email and name, an ID token and a refresh token', async () => {
    const { status, body } = await passwordGrant(identity.url, CUSTOMER.email, CUSTOMER.password);
    assert.equal(status, 200);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 900);
    assert.ok(body.refresh_token);

    assert.equal(decodeProtectedHeader(body.access_token!).alg, 'RS256');
    const { payload } = await verifyAccessToken(identity, body.access_token!);
    assert.equal(payload.aud, API_AUDIENCE);
    assert.equal(payload.email, CUSTOMER.email);
    assert.equal(payload.name, 'Demo Customer');
    assert.equal(payload.exp! - payload.iat!, 900);

    const idToken = decodeJwt(body.id_token!);
    assert.equal(idToken.aud, 'toolshop-web');
    assert.equal(idToken.sub, payload.sub);
    assert.equal(idToken.email, CUSTOMER.email);
    assert.equal(idToken.name, 'Demo Customer');
  });

  it('accepts the email in any letter case', async () => {
    const { status } = await passwordGrant(identity.url, 'Admin@Toolshop.TEST', ADMIN.password);
    assert.equal(status, 200);
  });

  it('answers a wrong password and an unknown email with the same clear words', async () => {
    const wrong = await passwordGrant(identity.url, ADMIN.email, 'not-the-password');
    const unknown = await passwordGrant(identity.url, 'nobody@toolshop.test', 'whatever1');
    for (const answer of [wrong, unknown]) {
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.body, {
        error: 'invalid_grant',
        error_description: 'Invalid email or password.',
      });
    }
  });

  it("checks the form's rules first, in the spec's words", async () => {
    assert.equal(
      (await passwordGrant(identity.url, '', 'secret1')).body.error_description,
      'Email is Required',
    );
    assert.equal(
      (await passwordGrant(identity.url, 'no-at-sign', 'secret1')).body.error_description,
      'Provide a valid Email',
    );
    assert.equal(
      (await passwordGrant(identity.url, ADMIN.email, '')).body.error_description,
      'Password is Required',
    );
  });

  it('refuses clients and scopes it does not know', async () => {
    const unknownClient = await passwordGrant(identity.url, ADMIN.email, ADMIN.password, {
      client_id: 'someone-else',
    });
    assert.equal(unknownClient.status, 401);
    assert.equal(unknownClient.body.error, 'invalid_client');
    const badScope = await passwordGrant(identity.url, ADMIN.email, ADMIN.password, {
      scope: 'openid admin',
    });
    assert.equal(badScope.body.error, 'invalid_scope');
    const otherAudience = await passwordGrant(identity.url, ADMIN.email, ADMIN.password, {
      resource: 'urn:someone:else',
    });
    assert.equal(otherAudience.body.error, 'invalid_target');
  });

  it('slows down repeated failures, then locks the account with a message saying so', async () => {
    const email = CUSTOMER.email;
    const durations: number[] = [];
    let last: Awaited<ReturnType<typeof passwordGrant>> | undefined;
    for (let attempt = 0; attempt < 4; attempt++) {
      const started = Date.now();
      last = await passwordGrant(identity.url, email, 'wrong-password');
      durations.push(Date.now() - started);
    }
    // A lower bound only: the machine's load can slow any request, but nothing makes one faster.
    assert.ok(durations[3]! >= 1500, `the 4th attempt waits 1.5 s: ${durations.join(', ')} ms`);
    assert.match(
      last!.body.error_description!,
      /^Too many failed sign-in attempts\. Please wait 1 minute and try again\.$/,
    );

    const evenRight = await passwordGrant(identity.url, email, CUSTOMER.password);
    assert.equal(evenRight.status, 400);
    assert.match(evenRight.body.error_description!, /Too many failed sign-in attempts/);

    const otherAccount = await passwordGrant(identity.url, ADMIN.email, ADMIN.password);
    assert.equal(otherAccount.status, 200, 'other accounts are not affected');
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh returns a new refresh token and a fresh access token', async () => {
    const first = await passwordGrant(identity.url, ADMIN.email, ADMIN.password);
    // As oidc-client-ts does it: with the scope of the token response.
    assert.equal(first.body.scope, 'openid email profile offline_access');
    const refreshed = await refreshGrant(identity.url, first.body.refresh_token!, first.body.scope);
    assert.equal(refreshed.status, 200);
    assert.notEqual(refreshed.body.refresh_token, first.body.refresh_token);
    const { payload } = await verifyAccessToken(identity, refreshed.body.access_token!);
    assert.equal(payload.email, ADMIN.email);
    assert.equal(payload.aud, API_AUDIENCE);
    assert.equal(decodeJwt(refreshed.body.id_token!).email, ADMIN.email);
  });

  it('treat reuse of a rotated refresh token as theft: both the old and the new one stop working', async () => {
    const first = await passwordGrant(identity.url, ADMIN.email, ADMIN.password);
    const refresh = (token: string) => refreshGrant(identity.url, token);
    const second = await refresh(first.body.refresh_token!);
    assert.equal(second.status, 200);

    const replay = await refresh(first.body.refresh_token!);
    assert.equal(replay.status, 400);
    assert.deepEqual(replay.body, {
      error: 'invalid_grant',
      error_description: 'Your session has expired. Please sign in again.',
    });
    assert.equal((await refresh(second.body.refresh_token!)).status, 400);
  });

  it('can be revoked at sign-out', async () => {
    const first = await passwordGrant(identity.url, ADMIN.email, ADMIN.password);
    const revoked = await fetch(`${identity.url}/token/revocation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'toolshop-web',
        token: first.body.refresh_token!,
        token_type_hint: 'refresh_token',
      }),
    });
    assert.equal(revoked.status, 200);
    const after = await refreshGrant(identity.url, first.body.refresh_token!);
    assert.equal(after.status, 400);
  });

  it('answers CORS for the shop origins only', async () => {
    const fromShop = await postForm(
      `${identity.url}/token`,
      {
        grant_type: 'password',
        client_id: 'toolshop-web',
        username: ADMIN.email,
        password: ADMIN.password,
      },
      { Origin: 'http://localhost:3000' },
    );
    assert.equal(fromShop.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    const fromElsewhere = await postForm(
      `${identity.url}/token`,
      {
        grant_type: 'password',
        client_id: 'toolshop-web',
        username: ADMIN.email,
        password: ADMIN.password,
      },
      { Origin: 'http://evil.test' },
    );
    assert.equal(fromElsewhere.headers.get('access-control-allow-origin'), null);
  });
});
