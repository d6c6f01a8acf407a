// Shared fixtures of the browser tests. In a spec:
//   import { test, expect, demo } from '@toolshop/devstack/e2e';
//   test('...', async ({ page, signIn, freshUser, apiAs }) => { ... });
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import type { StackUrls } from './stack-env';

export { expect };

export interface Credentials {
  email: string;
  password: string;
}

export interface TestUser extends Credentials {
  name: string;
}

/** The demo accounts created by the identity provider (admin@ is an admin in the API). Never change them. */
export const demo = {
  admin: { email: 'admin@toolshop.test', password: 'toolshop-admin', name: 'Demo Admin' },
  customer: { email: 'customer@toolshop.test', password: 'toolshop-customer', name: 'Demo Customer' },
} satisfies Record<string, TestUser>;

/** URLs of the test stack (shell, api, identity, remotes.{storefront,dashboard,admin}, ports), from the global setup. */
export const stack: StackUrls = JSON.parse(process.env.TOOLSHOP_E2E_STACK ?? 'null') ?? missingStack();

function missingStack(): never {
  throw new Error('TOOLSHOP_E2E_STACK is not set: run the browser tests with -c infra/devstack/playwright.config.ts');
}

/** A JSON client of the API with a real access token of one user. */
export interface ApiClient {
  token: string;
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<T = unknown>(path: string): Promise<T>;
  /** The raw answer, for asserting on status codes. */
  request(method: string, path: string, body?: unknown): Promise<Response>;
}

// Each sign-up comes from its "own" client address, so the provider's per-address sign-up limit
// does not throttle a test run (the test stack trusts X-Forwarded-For).
const fakeAddress = () => `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

/** Creates an account at the identity provider (what /signup does) and returns its credentials. */
export async function createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const id = randomUUID().slice(0, 8);
  const user = { name: `Test User ${id}`, email: `user-${id}@e2e.test`, password: `pw-${id}-secret`, ...overrides };
  const response = await fetch(`${stack.identity}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': fakeAddress() },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`sign-up of ${user.email} failed: ${response.status} ${await response.text()}`);
  return user;
}

/** An access token for the API from the provider's password grant (the token the shop itself uses). */
export async function accessToken({ email, password }: Credentials): Promise<string> {
  const response = await fetch(`${stack.identity}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'toolshop-web', username: email, password, scope: 'openid email profile' }),
  });
  const body = (await response.json()) as { access_token?: string; error_description?: string };
  if (!response.ok || !body.access_token) throw new Error(`no token for ${email}: ${body.error_description ?? response.status}`);
  return body.access_token;
}

/** An API client signed in as this user (token from the password grant). */
export async function apiClient(user: Credentials | null): Promise<ApiClient> {
  const token = user ? await accessToken(user) : '';
  const request = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.api}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await request(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    token,
    request,
    get: (path) => json('GET', path),
    post: (path, body) => json('POST', path, body ?? {}),
    put: (path, body) => json('PUT', path, body ?? {}),
    patch: (path, body) => json('PATCH', path, body ?? {}),
    delete: (path) => json('DELETE', path),
  };
}

/** Signs in through the shop's own /login form and waits until the navbar shows the user. */
export async function signInThroughForm(page: Page, user: Credentials, startAt = '/login'): Promise<void> {
  await page.goto(startAt);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(user.email)).toBeVisible();
}

interface Fixtures {
  /** Automatic: this test's browser talks to the identity provider from its own client address. */
  clientAddress: string;
  /** Signs `page` in as the demo customer/admin or any credentials (through the /login form). */
  signIn: (who: 'customer' | 'admin' | Credentials) => Promise<TestUser | Credentials>;
  /** A new account for this test only (mutate freely). Not signed in yet: use signIn(freshUser). */
  freshUser: TestUser;
  /** API clients with real tokens: apiAs('admin'), apiAs(freshUser), apiAs(null) for anonymous calls. */
  apiAs: (who: 'customer' | 'admin' | Credentials | null) => Promise<ApiClient>;
}

const resolveUser = (who: 'customer' | 'admin' | Credentials) => (typeof who === 'string' ? demo[who] : who);

export const test = base.extend<Fixtures>({
  // The provider limits sign-ups and failed logins per client address; without this, a long run of
  // browser sign-ups from 127.0.0.1 would be refused. The test stack trusts X-Forwarded-For.
  clientAddress: [
    async ({ context }, use) => {
      const address = fakeAddress();
      const identityAuth = (url: URL) => url.origin === stack.identity && ['/accounts', '/token'].includes(url.pathname);
      await context.route(identityAuth, (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
      await use(address);
    },
    { auto: true },
  ],
  signIn: async ({ page }, use) => {
    await use(async (who) => {
      const user = resolveUser(who);
      await signInThroughForm(page, user);
      return user;
    });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument
  freshUser: async ({}, use) => {
    await use(await createUser());
  },
  // eslint-disable-next-line no-empty-pattern
  apiAs: async ({}, use) => {
    await use((who) => apiClient(who === null ? null : resolveUser(who)));
  },
});
