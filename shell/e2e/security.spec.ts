// The composed site under its Content-Security-Policy: the main journeys run with every CSP
// violation collected (the browser's `securitypolicyviolation` events and its console reports), and
// any one fails the test. Also the headers that keep the pages out of frames and the source maps private.
import type { Page } from '@playwright/test';
import { apiClient, createUser, expect, placeOrder, stack, test } from '@toolshop/devstack/e2e';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample?: string;
}

/** Collects every CSP violation of this page, across navigations, from the event and from the console. */
async function watchCsp(
  page: Page,
): Promise<{ violations: Violation[]; consoleReports: string[] }> {
  const violations: Violation[] = [];
  const consoleReports: string[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: Violation) =>
    violations.push(violation),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        page: location.href,
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (
      /Content[ -]Security[ -]Policy|Refused to (load|execute|apply|connect|frame)/i.test(
        message.text(),
      )
    ) {
      consoleReports.push(`${page.url()}: ${message.text()}`);
    }
  });
  return { violations, consoleReports };
}

/** Opens a page of the shop and waits until its remote has rendered its main heading. */
async function visit(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(h1.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

function expectNoViolations({
  violations,
  consoleReports,
}: {
  violations: Violation[];
  consoleReports: string[];
}) {
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  expect(consoleReports).toEqual([]);
}

test('the shell and every remote send a strict CSP, frame protection and a referrer policy', async ({
  request,
}) => {
  for (const origin of [stack.shell, ...Object.values(stack.remotes)]) {
    for (const path of ['/', '/dashboard/myOrders', '/mf-manifest.json']) {
      const response = await request.get(`${origin}${path}`);
      const headers = response.headers();
      expect(headers['x-frame-options'], `${origin}${path}`).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-content-type-options']).toBe('nosniff');
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
    }
  }
  const shellCsp = (await request.get(stack.shell)).headers()['content-security-policy'] ?? '';
  const scriptSrc = shellCsp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
  for (const remote of Object.values(stack.remotes)) expect(scriptSrc).toContain(remote);
  const connectSrc = shellCsp.split('; ').find((d) => d.startsWith('connect-src ')) ?? '';
  expect(connectSrc).toContain(stack.api);
  expect(connectSrc).toContain(stack.identity);
});

test('no source map is published, for the shell or any remote', async ({ request }) => {
  for (const origin of [stack.shell, ...Object.values(stack.remotes)]) {
    const html = await (await request.get(`${origin}/`)).text();
    const script = /<script[^>]* src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeTruthy();
    const entry = new URL(script as string, origin).href;
    expect((await request.get(entry)).status()).toBe(200);
    expect((await request.get(`${entry}.map`)).status(), `${entry}.map`).toBe(404);
    expect(await (await request.get(entry)).text()).not.toContain('sourceMappingURL');
  }
});

test('a page of the shop cannot be framed by another site', async ({ page }) => {
  const framed = await watchCsp(page);
  // A page of another origin (the API's) that frames the shop: the browser refuses to render it.
  await page.goto(`${stack.api}/health/ready`);
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, stack.shell);
  await page.waitForTimeout(1000);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame, 'the framing page holds a frame').toBeDefined();
  const rendered = await frame
    ?.evaluate(() => document.querySelector('#root') !== null)
    .catch(() => false);
  expect(rendered).toBe(false);
  // (violations here belong to the framing page, not the shop)
  expect(framed.violations.filter((v) => v.page.startsWith(stack.shell))).toEqual([]);
});

test('an anonymous visitor browses the home page and the blogs without any CSP violation', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  await visit(page, '/');
  await visit(page, '/blogs');
  await visit(page, '/portfolio');
  await visit(page, '/login');
  await visit(page, '/signup');
  expectNoViolations(csp);
});

test('the demo customer signs in, opens a tool, orders, pays and reads their pages without any CSP violation', async ({
  page,
  signIn,
}) => {
  const csp = await watchCsp(page);
  // A customer of their own, so the demo customer's orders stay as they are.
  const customer = await createUser();
  const api = await apiClient(customer);
  await signIn('customer');
  await visit(page, '/');
  await page
    .getByRole('link', { name: /buy now/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await visit(page, '/dashboard', 'My Profile');
  await visit(page, '/dashboard/myOrders', 'My Orders');
  await visit(page, '/dashboard/review');
  expectNoViolations(csp);

  // The order and payment pages of someone with an unpaid order.
  const { orderId } = await placeOrder(api);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(customer);
  await visit(page, '/dashboard/myOrders', 'My Orders');
  await visit(page, `/dashboard/payment/${orderId}`);
  await expect(page.getByLabel('Card number')).toBeVisible();
  expectNoViolations(csp);
});

test('the demo admin opens every admin page without any CSP violation', async ({
  page,
  signIn,
}) => {
  const csp = await watchCsp(page);
  await signIn('admin');
  for (const path of [
    '/dashboard/users',
    '/dashboard/addProduct',
    '/dashboard/manageProducts',
    '/dashboard/manageOrders',
    '/dashboard/remoteReleases',
  ]) {
    await visit(page, path);
  }
  expectNoViolations(csp);
});

/** The claims of an access token (its payload; the API verifies the signature). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

test('a sign-up makes its account only through the link mailed to the address; the tokens say it is verified', async ({
  mailbox,
}) => {
  const id = Date.now().toString(36);
  const user = {
    name: 'Link Follower',
    email: `link-${id}@e2e.test`,
    password: 'follow-the-link-42',
  };
  const answer = await fetch(`${stack.identity}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  expect(answer.status).toBe(202);
  const mail = await mailbox.waitForMessage(user.email);
  expect(mailbox.firstLink(mail)).toMatch(
    new RegExp(`^${stack.identity}/accounts/verify\\?token=`),
  );
  await expect(apiClient(user)).rejects.toThrow(/Invalid email or password/);

  const created = await createUser();
  expect(claimsOf((await apiClient(created)).token).email_verified).toBe(true);
});
