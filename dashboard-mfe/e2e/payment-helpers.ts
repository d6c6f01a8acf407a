// Helpers of the payment browser tests: the card form, and the stand-ins that let the
// Stripe path (@stripe/react-stripe-js, the stripe SDK, webhooks) run without internet.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_AUDIENCE, demoAccounts } from '@toolshop/settings';
import { repoRoot } from '@toolshop/settings/repo-root';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  placeOrder,
  stack,
  type ApiClient,
  type Credentials,
  type TestUser,
} from '@toolshop/devstack/e2e';
import { startStripeStandIn, type StripeStandIn } from '@toolshop/stripe-mock';

/** Types a card into whichever card form is shown (the test form and Stripe.js's stand-in share labels). */
export async function fillCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/^Expir/).fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}

/** The fixtures a payment test opens its page with. */
export interface PaymentFixtures {
  page: Page;
  signIn: (who: Credentials) => Promise<unknown>;
  freshUser: TestUser;
  apiAs: (who: Credentials) => Promise<ApiClient>;
}

/** A new order of a fresh customer's, its payment page open at `width` px, ready to pay. */
export async function openNewOrderPayment(
  { page, signIn, freshUser, apiAs }: PaymentFixtures,
  width = 1280,
) {
  const api = await apiAs(freshUser);
  const { orderId } = await placeOrder(api);
  await signIn(freshUser);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`/dashboard/payment/${orderId}`);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  return { api, orderId, pay };
}

/** A declined card is refused with an alert, and editing the card number clears the refusal. */
export async function expectDeclineClearsOnEdit(page: Page, pay: Locator): Promise<void> {
  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expect(declined).toHaveCount(0);
}

/** After the answer to a charge was lost: the page cannot tell yet and keeps Pay disabled. */
export async function expectChargeUnknown(page: Page, pay: Locator): Promise<Locator> {
  const unknown = page
    .getByRole('alert')
    .filter({ hasText: 'cannot tell yet whether your card was charged' });
  await expect(unknown).toBeVisible();
  await expect(pay).toBeDisabled();
  return unknown;
}

const WEBHOOK_SECRET = 'whsec_toolshop_e2e';
const PUBLISHABLE_KEY = 'pk_test_toolshop_e2e';

export interface StripeBackedApi {
  /** The second API, configured with Stripe keys and pointed at the stand-in. */
  url: string;
  stripe: StripeStandIn;
  /** Makes `page` use this API and serves Stripe.js and api.stripe.com from the stand-ins. */
  route(page: Page): Promise<void>;
  stop(): Promise<void>;
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the Stripe-configured API exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the Stripe-configured API was not ready at ${url}`);
}

/**
 * A second API process beside the test stack's (same database and identity provider) whose
 * payment provider is `stripe`, talking to a local stand-in of Stripe's API.
 */
export async function startStripeBackedApi(): Promise<StripeBackedApi> {
  const stripe = await startStripeStandIn();
  const port = stack.ports.api + 50;
  const url = `http://localhost:${port}`;
  const origins = [stack.shell, ...Object.values(stack.remotes)].join(',');
  const child = spawn(process.execPath, ['api/dist/main.js'], {
    cwd: repoRoot,
    stdio: process.env.E2E_STACK_LOGS === 'true' ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGODB_URI: process.env.MONGODB_URI ?? `mongodb://127.0.0.1:${stack.ports.database}/`,
      OIDC_ISSUER: stack.identity,
      OIDC_AUDIENCE: API_AUDIENCE,
      ADMIN_EMAILS: demoAccounts.admin.email,
      CORS_ORIGINS: origins,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WRITES: '1000000',
      RATE_LIMIT_ACCOUNT: '1000000',
      STRIPE_SECRET_KEY: 'sk_test_toolshop_e2e',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    },
  });
  try {
    await waitForReady(`${url}/health/ready`, child);
  } catch (error) {
    child.kill();
    await stripe.stop();
    throw error;
  }
  stripe.options.webhook = { url: `${url}/payments/webhook`, secret: WEBHOOK_SECRET };
  const stripeJs = readFileSync(
    resolve(repoRoot, 'infra/stripe-mock/stripe-js-stand-in.js'),
    'utf8',
  );

  return {
    url,
    stripe,
    async route(page) {
      // The shop reads its API address at run time: this page talks to the Stripe-configured API.
      await page.route('**/config.json', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), apiUrl: url } });
      });
      await page.route('https://js.stripe.com/**', (route) =>
        route.fulfill({ contentType: 'application/javascript', body: stripeJs }),
      );
      await page.route('https://api.stripe.com/**', async (route) => {
        const request = route.request();
        const target = new URL(request.url());
        const answer = await fetch(`${stripe.url}${target.pathname}${target.search}`, {
          method: request.method(),
          headers: {
            'content-type':
              request.headers()['content-type'] ?? 'application/x-www-form-urlencoded',
          },
          body: request.postData() ?? undefined,
        });
        await route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: await answer.text(),
        });
      });
    },
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      await stripe.stop();
    },
  };
}
