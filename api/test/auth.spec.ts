import { RuleMessages } from '@toolshop/contracts';
import { ADMIN, CUSTOMER, TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

const own = `/users?email=${CUSTOMER}`;

describe('access tokens are verified against the issuer’s published key', () => {
  it('accepts a valid RS256 token with the right issuer and audience', async () => {
    const answer = await api.request('GET', own, { token: api.tokens.customer });
    expect(answer.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const answer = await api.request('GET', own);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      statusCode: 401,
      message: 'Please sign in first',
      error: 'Unauthorized',
    });
  });

  it.each([
    ['expired', () => api.issuer.token({ email: CUSTOMER, expiresInSeconds: -60 })],
    ['signed by another key', () => api.issuer.token({ email: CUSTOMER, foreignKey: true })],
    [
      'for another audience',
      () => api.issuer.token({ email: CUSTOMER, audience: 'urn:someone:else' }),
    ],
    [
      'from another issuer',
      () => api.issuer.token({ email: CUSTOMER, issuer: 'http://evil.example' }),
    ],
    ['HS256 with the public key as secret', () => api.issuer.hs256Token()],
    ['without an email claim', () => api.issuer.token({ email: null })],
    ['not a JWT at all', () => 'not-a-token'],
  ])('answers 401 to a token %s', async (_label, makeToken) => {
    const answer = await api.request('GET', own, { token: makeToken() });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('Unauthorized');
  });

  it('answers 401 to a tampered token (payload changed, signature kept)', async () => {
    const [header, , signature] = api.tokens.customer.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        sub: 'x',
        email: ADMIN,
        aud: api.issuer.audience,
        iss: api.issuer.url,
        exp: Math.floor(Date.now() / 1000) + 300,
      }),
    ).toString('base64url');
    const answer = await api.request('GET', '/user', { token: `${header}.${forged}.${signature}` });
    expect(answer.status).toBe(401);
  });
});

describe('admin rights come from the users collection only', () => {
  it('ignores a role claim in the token', async () => {
    const token = api.issuer.token({
      email: 'claims-admin@toolshop.test',
      extraClaims: { role: 'admin', admin: true },
    });
    expect((await api.request('GET', '/user', { token })).status).toBe(403);
  });

  it('makes ADMIN_EMAILS admins at start', async () => {
    const answer = await api.request('GET', `/admin/${ADMIN}`, { token: api.tokens.admin });
    expect(answer.body).toEqual({ admin: true });
  });

  it('creates the user record (keyed by email, lower-cased) on first authenticated use', async () => {
    const token = api.issuer.token({ email: 'New.Person@Toolshop.test', name: 'New Person' });
    expect(
      (await api.request('GET', '/users?email=new.person@toolshop.test', { token })).body,
    ).toEqual([expect.objectContaining({ email: 'new.person@toolshop.test' })]);
    const users = await api.request('GET', '/user', { token: api.tokens.admin });
    expect(
      users.body.filter((user: { email: string }) => user.email === 'new.person@toolshop.test'),
    ).toHaveLength(1);
  });

  it('grants admin rights when an admin assigns them, and they take effect at once', async () => {
    const token = api.issuer.token({ email: 'promoted@toolshop.test' });
    expect((await api.request('GET', '/user', { token })).status).toBe(403);
    const assigned = await api.request('PUT', '/user/admin/promoted@toolshop.test', {
      token: api.tokens.admin,
    });
    expect(assigned.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await api.request('GET', '/user', { token })).status).toBe(200);
    const again = await api.request('PUT', '/user/admin/promoted@toolshop.test', {
      token: api.tokens.admin,
    });
    expect(again.body.modifiedCount).toBe(0);
  });

  it('answers 403 with the spec message when a non-admin assigns admin', async () => {
    const answer = await api.request('PUT', `/user/admin/${CUSTOMER}`, {
      token: api.tokens.customer,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('failed! only admin can do this');
  });

  it('gives no admin rights to an admin whose email the provider has not verified', async () => {
    const unverified = api.issuer.token({ email: ADMIN, emailVerified: false });
    const refused = await api.request('GET', '/user', { token: unverified });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(RuleMessages.adminNeedsVerifiedEmail);
    expect((await api.request('GET', '/adminOrders', { token: unverified })).status).toBe(403);
    expect(
      (await api.request('GET', `/users?email=${CUSTOMER}`, { token: unverified })).status,
    ).toBe(403);
    expect((await api.request('GET', `/admin/${ADMIN}`, { token: unverified })).body).toEqual({
      admin: false,
    });
    // A token without the claim at all is unverified too.
    const noClaim = api.issuer.token({ email: ADMIN, extraClaims: { email_verified: undefined } });
    expect((await api.request('GET', '/user', { token: noClaim })).status).toBe(403);
  });

  it('keys users by the normalised email and refuses invisible characters', async () => {
    const token = api.issuer.token({ email: 'ＷＩＤＥ@Toolshop.test' });
    expect((await api.request('GET', '/users?email=wide@toolshop.test', { token })).status).toBe(
      200,
    );
    const hidden = await api.request(
      'GET',
      `/users?email=${encodeURIComponent(`${CUSTOMER}\u200b`)}`,
      {
        token: api.tokens.customer,
      },
    );
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe(RuleMessages.emailInvisibleCharacters);
    const zeroWidthToken = api.issuer.token({ email: `${CUSTOMER}\u200b` });
    expect(
      (await api.request('GET', `/users?email=${CUSTOMER}`, { token: zeroWidthToken })).status,
    ).toBe(401);
  });

  it('caps an email’s length before any pattern runs on it', async () => {
    const dots = `a@${'.'.repeat(15_000)}`;
    const answer = await api.request('GET', `/orders?email=${dots}`, {
      token: api.tokens.customer,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(RuleMessages.emailTooLong);
  });

  it('answers 404 for assigning admin to an unknown email', async () => {
    const answer = await api.request('PUT', '/user/admin/nobody@toolshop.test', {
      token: api.tokens.admin,
    });
    expect(answer.status).toBe(404);
  });
});
