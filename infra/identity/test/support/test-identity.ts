import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { startDatabase } from '@toolshop/devstack/database';
import { API_AUDIENCE, basePorts, demoAccounts, localUrl, WEB_CLIENT_ID } from '@toolshop/settings';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { MongoClient, type Db } from 'mongodb';
import type { IdentityConfig } from '../../src/config.ts';
import { startIdentityServer, type IdentityServer } from '../../src/identity-server.ts';

export const SPA_ORIGIN = localUrl(basePorts.shell);
export const REDIRECT_URI = `${SPA_ORIGIN}/auth/callback`;
export const ADMIN = { email: demoAccounts.admin.email, password: demoAccounts.admin.password };
export const CUSTOMER = {
  email: demoAccounts.customer.email,
  password: demoAccounts.customer.password,
};
export { API_AUDIENCE, WEB_CLIENT_ID };

export interface TestIdentity {
  server: IdentityServer;
  url: string;
  /** The provider's log lines (with no SMTP_URL its mails, links included, are written there). */
  logs: string[];
  /** The test database: the provider's collections, for what no endpoint makes (older accounts). */
  db: () => Db;
}

/**
 * Starts a real database (FerretDB, or MONGODB_URI) on `dbPort` (27400..27499, one per test file)
 * and the identity provider with its stand-in on free ports, for the tests of one file.
 */
export function useTestIdentity(
  dbPort: number,
  overrides: Partial<IdentityConfig> = {},
): TestIdentity {
  const context = { logs: [] as string[] } as TestIdentity;
  let dir = '';
  let database: { stop: () => Promise<void> } | undefined;
  let client: MongoClient | undefined;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolshop-identity-'));
    const db = await startDatabase({ port: dbPort, dataDir: join(dir, 'db') });
    database = db;
    context.server = await startIdentityServer({
      port: 0,
      host: '127.0.0.1',
      trustProxy: false,
      mongodbUri: db.uri,
      database: `identity-test-${dbPort}`,
      apiAudience: API_AUDIENCE,
      webOrigins: [SPA_ORIGIN, localUrl(basePorts.dashboard)],
      googleStandinPort: 0,
      keysDir: join(dir, 'keys'),
      demoAccounts: [
        { ...ADMIN, name: demoAccounts.admin.name },
        { ...CUSTOMER, name: demoAccounts.customer.name },
      ],
      production: false,
      log: (line) => context.logs.push(line),
      ...overrides,
    });
    context.url = context.server.url;
    client = await MongoClient.connect(db.uri);
    const testDb = client.db(`identity-test-${dbPort}`);
    context.db = () => testDb;
  });

  after(async () => {
    await client?.close();
    await context.server?.stop();
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return context;
}

export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, string>,
  };
}

export function passwordGrant(
  url: string,
  username: string,
  password: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  return postForm(
    `${url}/token`,
    {
      grant_type: 'password',
      client_id: WEB_CLIENT_ID,
      username,
      password,
      scope: 'openid email profile offline_access',
      ...extra,
    },
    headers,
  );
}

/** A refresh as oidc-client-ts sends it (with the scope of the last token response, when given). */
export function refreshGrant(url: string, refreshToken: string, scope?: string) {
  return postForm(`${url}/token`, {
    grant_type: 'refresh_token',
    client_id: WEB_CLIENT_ID,
    refresh_token: refreshToken,
    ...(scope === undefined ? {} : { scope }),
  });
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
) {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, string>,
  };
}

/**
 * Signs up as /signup does and follows the link of the sign-up mail (read from the provider's log:
 * no SMTP_URL in these tests), as the owner of the address would: the account exists from then on.
 * Answers where the link sends the browser (the shop's /signup/complete with its login ticket).
 */
export async function signUpAndConfirm(
  identity: TestIdentity,
  body: { name: string; email: string; password: string },
  headers: Record<string, string> = {},
): Promise<URL> {
  const answer = await postJson(`${identity.url}/accounts`, body, headers);
  if (answer.status !== 202)
    throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const link = signupLinkFor(identity, body.email);
  const followed = await fetch(link, { redirect: 'manual' });
  const location = followed.headers.get('location');
  if (followed.status !== 303 || !location)
    throw new Error(`the sign-up link answered ${followed.status}`);
  return new URL(location);
}

/** The newest sign-up link mailed (logged) to this address. */
export function signupLinkFor(identity: TestIdentity, email: string): string {
  const to = `to ${email.normalize('NFKC').trim().toLowerCase()}:`;
  const line = identity.logs.findLast(
    (entry) => entry.includes(to) && entry.includes('/accounts/verify?token='),
  );
  const link = line && /(http:\/\/\S+\/accounts\/verify\?token=[A-Za-z0-9_-]+)/.exec(line)?.[1];
  if (!link) throw new Error(`no sign-up link for ${email} in the log`);
  return link;
}

/** Verifies a token the way the API does: RS256 via the provider's JWKS, issuer and audience. */
export async function verifyAccessToken(identity: TestIdentity, token: string) {
  const keys = createRemoteJWKSet(new URL(`${identity.url}/jwks`));
  return jwtVerify(token, keys, {
    issuer: identity.server.issuer,
    audience: API_AUDIENCE,
    algorithms: ['RS256'],
  });
}
