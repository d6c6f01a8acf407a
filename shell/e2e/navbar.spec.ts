import { expect, test } from '@toolshop/devstack/e2e';

const navbar = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main' });

test('signed out, the navbar offers Home, Blogs, My Portfolio and Login', async ({ page }) => {
  await page.goto('/blogs');
  const nav = navbar(page);
  for (const name of ['Home', 'Blogs', 'My Portfolio', 'Login'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
});

test('signed in, it adds Dashboard, the email and Sign Out; Sign Out removes the token', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  const nav = navbar(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByText(freshUser.email)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

  await nav.getByRole('button', { name: 'Sign Out' }).click();

  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByText(freshUser.email)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('on a small screen the links sit behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/portfolio');
  const nav = navbar(page);
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
});
