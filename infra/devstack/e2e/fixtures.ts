// Shared fixtures of the browser tests. In a spec:
//   import { test, expect, demo } from '@toolshop/devstack/e2e';
//   test('...', async ({ page, signIn, freshUser, apiAs, mailbox }) => { ... });
//   createUser() signs up and follows the link of the sign-up email, as its owner would.
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { demoAccounts, WEB_CLIENT_ID } from '@toolshop/settings';
import type { StackUrls } from './stack-env';

export { expect };
export {
  expectKeyboardWalk,
  expectNoSidewaysScroll,
  expectNothingClipped,
  expectWordsWhole,
} from './layout';
export { expectNoAxeViolations } from './axe';
export { adminSidebarLinks, dashboardSidebar, expectSidebarLinks } from './sidebar';

export interface Credentials {
  email: string;
  password: string;
}

export interface TestUser extends Credentials {
  name: string;
}

/** The demo accounts created by the identity provider (admin@ is an admin in the API). Never change them. */
export const demo: Record<'admin' | 'customer', TestUser> = {
  admin: { ...demoAccounts.admin },
  customer: { ...demoAccounts.customer },
};

/** URLs of the test stack (shell, api, identity, remotes.{storefront,dashboard,admin}, ports), from the global setup. */
export const stack: StackUrls =
  JSON.parse(process.env.TOOLSHOP_E2E_STACK ?? 'null') ?? missingStack();

function missingStack(): never {
  throw new Error(
    'TOOLSHOP_E2E_STACK is not set: run the browser tests with -c infra/devstack/playwright.config.ts',
  );
}

/** The path of a tool in the catalogue: the newest the API lists. */
export async function aToolPath(): Promise<string> {
  const [tool] = (await (await fetch(`${stack.api}/tools?limit=1&page=1`)).json()) as {
    _id: string;
  }[];
  return `/tools/${tool!._id}`;
}

/** A listed page's path, `/tools/{id}` made a real tool's (the API is asked only then). */
export async function pathOf(pattern: string): Promise<string> {
  return pattern.includes('/tools/{id}')
    ? pattern.replace('/tools/{id}', await aToolPath())
    : pattern;
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
const fakeAddress = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

/** One message in the stack's mail catcher (Mailpit's HTTP API). */
export interface MailMessage {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The stack's mail catcher: every email the identity provider and the API send over SMTP lands here. */
export interface Mailbox {
  /** Waits until a message to this address arrives (the newest one, optionally matching the subject). */
  waitForMessage(
    to: string,
    options?: { subject?: RegExp; timeoutMs?: number },
  ): Promise<MailMessage>;
  /** The first web link of a message (text part first, then the HTML's hrefs). */
  firstLink(message: MailMessage): string;
  /** Every message to this address, newest first. */
  messagesTo(to: string): Promise<MailMessage[]>;
}

interface MailpitSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
}

async function mailpit<T>(path: string): Promise<T> {
  const response = await fetch(`${stack.mail}/api/v1${path}`);
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status} for ${path}`);
  return (await response.json()) as T;
}

export const mailbox: Mailbox = {
  async messagesTo(to) {
    const address = to.toLowerCase();
    const { messages } = await mailpit<{ messages: MailpitSummary[] }>(
      `/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=50`,
    );
    const mine = messages.filter((m) => m.To.some((r) => r.Address.toLowerCase() === address));
    return Promise.all(
      mine.map(async ({ ID }) => {
        const full = await mailpit<{
          ID: string;
          To: { Address: string }[];
          Subject: string;
          Text: string;
          HTML: string;
        }>(`/message/${ID}`);
        return {
          id: full.ID,
          to: full.To.map((r) => r.Address),
          subject: full.Subject,
          text: full.Text,
          html: full.HTML,
        };
      }),
    );
  },
  async waitForMessage(to, { subject, timeoutMs = 15_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.messagesTo(to)).find((m) => !subject || subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no email to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
  },
  firstLink({ text, html }) {
    const inText = /https?:\/\/[^\s<>"')\]]+/.exec(text)?.[0];
    const inHtml = /href="(https?:\/\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    const link = inText ?? inHtml;
    if (!link) throw new Error('the email holds no link');
    return link;
  },
};

/**
 * Follows the link of the newest sign-up email to this address, as its owner would: the link makes
 * the account (verified) and sends the browser to the shop's /signup/complete, which signs in.
 * Answers that /signup/complete URL (its one-time ticket is unused here).
 */
export async function followSignupLink(email: string): Promise<string> {
  const message = await mailbox.waitForMessage(email, { subject: /Finish signing up/ });
  const link = mailbox.firstLink(message);
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  if (response.status !== 303 || !location.includes('/signup/complete#ticket=')) {
    throw new Error(
      `finishing the sign-up of ${email} through ${link} answered ${response.status}: ${await response.text()}`,
    );
  }
  return location;
}

/**
 * Creates an account at the identity provider (what /signup does, then the link of its email, which
 * makes the account) and returns its credentials. Since sign-up by mailed link every account made by sign-up is
 * verified (nothing exists before its owner follows the link); `verified` is kept for old callers.
 */
export async function createUser(
  overrides: Partial<TestUser> & { verified?: boolean } = {},
): Promise<TestUser> {
  const { verified: _verified, ...fields } = overrides;
  void _verified;
  const id = randomUUID().slice(0, 8);
  const user = {
    name: `Test User ${id}`,
    email: `user-${id}@e2e.test`,
    password: `pw-${id}-secret`,
    ...fields,
  };
  const response = await fetch(`${stack.identity}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': fakeAddress() },
    body: JSON.stringify(user),
  });
  if (!response.ok)
    throw new Error(`sign-up of ${user.email} failed: ${response.status} ${await response.text()}`);
  await followSignupLink(user.email);
  return user;
}

/** An access token for the API from the provider's password grant (the token the shop itself uses). */
export async function accessToken({ email, password }: Credentials): Promise<string> {
  const response = await fetch(`${stack.identity}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: WEB_CLIENT_ID,
      username: email,
      password,
      scope: 'openid email profile',
    }),
  });
  const body = (await response.json()) as { access_token?: string; error_description?: string };
  if (!response.ok || !body.access_token)
    throw new Error(`no token for ${email}: ${body.error_description ?? response.status}`);
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

/**
 * An unpaid order placed through the API as the order form does: the minimum quantity of the tool
 * with the most stock (a seeded one, never a product another test has just created and is counting).
 */
export async function placeOrder(
  api: ApiClient,
  { minUnits = 1 }: { minUnits?: number } = {},
): Promise<{ orderId: string; name: string; total: number }> {
  const tools =
    await api.get<
      { _id: string; name: string; available: number; minOrder: number; price: number }[]
    >('/tools');
  // `minUnits`: a tool sold in at least that many, for an order of several units.
  const [tool] = tools
    .filter((t) => t.minOrder >= minUnits && t.available >= t.minOrder)
    .sort((a, b) => b.available - a.available);
  if (!tool) throw new Error('no tool in stock to order');
  const { insertedId } = await api.post<{ insertedId: string }>('/orders', {
    toolId: tool._id,
    address: '12 Elm Street, Springfield',
    phone: '+1 555 0100',
    orderQuantity: tool.minOrder,
  });
  return { orderId: insertedId, name: tool.name, total: tool.minOrder * tool.price };
}

/** A paid order: payment intent, test card 4242… confirmed, then the order marked paid (offline test provider). */
export async function placePaidOrder(
  api: ApiClient,
  customer: Credentials,
  options?: { minUnits?: number },
): Promise<{ orderId: string; name: string; total: number }> {
  const order = await placeOrder(api, options);
  const { clientSecret } = await api.post<{ clientSecret: string }>('/create-payment-intent', {
    orderId: order.orderId,
  });
  const payment = await api.post<{ id: string; status: string }>('/payments/test/confirm', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    billingDetails: { email: customer.email, address: { line1: '12 Elm Street, Springfield' } },
  });
  await api.patch(`/orders/${order.orderId}`, { transactionId: payment.id });
  return order;
}

/** Signs in through the shop's own /login form and waits until the navbar shows the user. */
export async function signInThroughForm(
  page: Page,
  user: Credentials,
  startAt = '/login',
): Promise<void> {
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
  /** The stack's mail catcher (Mailpit): wait for an email to an address, take its first link. */
  mailbox: Mailbox;
}

const resolveUser = (who: 'customer' | 'admin' | Credentials) =>
  typeof who === 'string' ? demo[who] : who;

export const test = base.extend<Fixtures>({
  // The provider limits sign-ups and failed logins per client address; without this, a long run of
  // browser sign-ups from 127.0.0.1 would be refused. The test stack trusts X-Forwarded-For.
  clientAddress: [
    async ({ context }, use) => {
      const address = fakeAddress();
      const identityAuth = (url: URL) =>
        url.origin === stack.identity && ['/accounts', '/token'].includes(url.pathname);
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
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    await use(mailbox);
  },
});
