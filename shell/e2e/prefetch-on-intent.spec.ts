// Client-side navigation without waiting for the remote or its data: a signed-in user's pointer
// resting on a link loads the remote page it leads to, and the page's data, before the click
// (shell/src/composition/prefetch-on-intent.ts and a page module's `prefetch`).
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

test("an admin's pointer on Manage All Orders asks for the first page of orders before the click", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: 'Manage All Orders' }).first();
  await expect(link).toBeVisible();
  await page.waitForLoadState('networkidle');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/adminOrders\?/.test(request.url())) asked.push(request.url());
  });
  await link.hover();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(asked[0]).toMatch(/limit=10&page=1$/);
  await expect(page).toHaveURL(/\/dashboard$/);
});
