import type { Locator, Page } from '@playwright/test';
import { expect, stack, test } from '@toolshop/devstack/e2e';
import { breakToolList, remoteFallback } from './remote-fallback';

/** "Retry" in the storefront's fallback renders the home page with its tools, without a reload. */
async function expectRetryRendersInPlace(page: Page, fallback: Locator) {
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(fallback).toHaveCount(0);
  await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
}

test('a stopped remote shows its fallback with retry while the navbar and the other remotes work', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  // The storefront's server stops answering (as if its deployment were down).
  await page
    .context()
    .route(`${stack.remotes.storefront}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/');
  const fallback = page
    .getByRole('alert')
    .filter({ hasText: 'The shop is not available right now.' });
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(freshUser.email)).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  // Back up: "Retry" loads the storefront without reloading the page.
  await page.context().unroute(`${stack.remotes.storefront}/**`);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expectRetryRendersInPlace(page, fallback);
});

test('a remote that crashes while rendering shows its fallback with retry in the page area only', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await breakToolList(page);
  await page.goto('/');
  const fallback = remoteFallback(page);
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();

  // The navbar and the other remotes keep working.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('customer@toolshop.test')).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(fallback).toHaveCount(0);

  // Back home it crashes again; once the API answers well, "Retry" renders it without a reload.
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(fallback).toBeVisible();
  await page.unroute(`${stack.api}/tools`);
  await expectRetryRendersInPlace(page, fallback);
});

test('after a crash, coming back once the API answers well renders the page without Retry', async ({
  page,
}) => {
  await breakToolList(page);
  await page.goto('/');
  const fallback = remoteFallback(page);
  await expect(fallback).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Blogs' }).click();
  await expect(fallback).toHaveCount(0);
  // The answer that broke the page is not kept: back home, the list is asked for again.
  await page.unroute(`${stack.api}/tools`);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
  await expect(fallback).toHaveCount(0);
});

// The routes of one remote share RemotePage's spot in the tree: the boundary that caught the home
// page must not stay failed on /blogs.
test('after a crash, another route of the same remote renders', async ({ page }) => {
  await breakToolList(page);
  await page.goto('/');
  const fallback = remoteFallback(page);
  await expect(fallback).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fallback).toHaveCount(0);
});

test('the navbar and a remote share one auth store: sign-out and a new sign-in show without a reload', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn('customer');
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByText('customer@toolshop.test').first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(freshUser.email);
  await page.getByLabel('Password').fill(freshUser.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(main.getByText(freshUser.email).first()).toBeVisible();
  await expect(main.getByText('customer@toolshop.test')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
});

test('a 401 on My Orders signs the user out, removes the token and goes to /', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  // The session is no longer accepted by the API (e.g. revoked): the next list call answers 401.
  await page.evaluate(() => localStorage.setItem('accessToken', 'revoked-token'));
  await page.getByRole('main').getByRole('link', { name: 'My Orders' }).click();

  await expect(page).toHaveURL(`${stack.shell}/`);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
