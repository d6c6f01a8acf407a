// Client-side navigation without waiting for the remote or its data: a signed-in user's pointer
// resting on a link loads the remote page it leads to, and the page's data, before the click
// (shell/src/composition/prefetch-on-intent.ts and a page module's `prefetch`).
import type { Page } from '@playwright/test';
import { expect, test } from '@toolshop/devstack/e2e';

test("a signed-in customer's pointer on a sidebar link loads its remote page before the click", async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: 'My Orders' }).first();
  await expect(link).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await link.hover();
  await expect
    .poll(() => loaded.some((url) => /__federation_expose_MyOrdersPage\./.test(url)))
    .toBe(true);
  // The list itself is asked for before the click, once: the page then shows it from the cache.
  await expect.poll(() => loaded.filter((url) => /\/orders\?email=/.test(url)).length).toBe(1);
  await expect(page).toHaveURL(/\/dashboard$/);
  await link.click();
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
});

/** The API calls a hover on the admin's sidebar link makes, before any click. */
async function askedOnHover(page: Page, linkName: string, url: RegExp) {
  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: linkName }).first();
  await expect(link).toBeVisible();
  await page.waitForLoadState('networkidle');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (url.test(request.url())) asked.push(request.url());
  });
  await link.hover();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  return asked;
}

test("an admin's pointer on Manage All Orders or Manage Products asks for what they show first before the click", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  // The first page of orders, the overview's days and the low-stock count, each once.
  const asked = await askedOnHover(page, 'Manage All Orders', /\/(adminOrders(\/stats)?|tools)\?/);
  await expect.poll(() => asked.length).toBe(3);
  expect(asked).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\/adminOrders\?limit=10&page=1$/),
      expect.stringMatching(/\/adminOrders\/stats\?days=30$/),
      expect.stringMatching(/\/tools\?lowStock=true&limit=1$/),
    ]),
  );
  expect(await askedOnHover(page, 'Manage Products', /\/tools\?sort=lowStock/)).toEqual([
    expect.stringMatching(/page=1$/),
  ]);
});

test("a pointer on a tool's Buy Now asks for that tool, its reviews and the shopper's price before the click", async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await page.goto('/');
  const buyNow = page.getByRole('link', { name: /^Buy Now/ }).first();
  await expect(buyNow).toBeVisible();
  await page.waitForLoadState('networkidle');
  const toolId = new URL(await buyNow.evaluate((a: HTMLAnchorElement) => a.href)).pathname
    .split('/')
    .pop();
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/tools/${toolId}`) || url.searchParams.get('toolId') === toolId)
      asked.push(`${url.pathname}${url.search}`);
  });
  await buyNow.hover();
  // Each once: the page then shows them from the cache, with no placeholder for the reviews.
  await expect
    .poll(() => [...asked].sort())
    .toEqual([
      expect.stringMatching(/^\/reviews\?toolId=/),
      `/tools/${toolId}`,
      `/tools/${toolId}/price`,
    ]);
  await expect(page).toHaveURL(/\/$/);
  await buyNow.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews', level: 2 })).toBeVisible();
});

test('a pointer on Home asks for the tool grid and the reviews before the click', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await page.goto('/blogs');
  const home = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home', exact: true });
  await expect(home).toBeVisible();
  await page.waitForLoadState('networkidle');
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/tools' || url.pathname === '/reviews')
      asked.push(`${url.pathname}${url.search}`);
  });
  await home.hover();
  // the view a plain link to the home page shows, and the reviews it shows first: each once
  await expect.poll(() => [...asked].sort()).toEqual(['/reviews?limit=6&page=1', '/tools']);
  await expect(page).toHaveURL(/\/blogs$/);
  await home.click();
  await expect(page.getByRole('link', { name: /^Buy Now/ }).first()).toBeVisible();
});
