import { expect, stack, test } from '@toolshop/devstack/e2e';
import { openAtWidth } from './width-helpers';

// On a phone, dashboard pages show one menu button, which also holds the site's links and Sign Out.
test('at 375 px a dashboard page has one menu button, with the site links and Sign Out in it', async ({
  page,
  signIn,
  freshUser,
}) => {
  await openAtWidth(page, signIn, freshUser, 375, '/dashboard/myOrders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const menus = page.getByRole('button', { name: /menu/i });
  await expect(menus).toHaveCount(1);
  await menus.click();
  const site = page.getByRole('navigation', { name: 'Site' });
  await expect(site.getByRole('link', { name: 'Blogs' })).toBeVisible();
  await site.getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(`${stack.shell}/blogs`);
  // Off the dashboard the navbar's own menu is back.
  await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: /menu/i }).click();
  await site.getByRole('button', { name: 'Sign Out' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login', includeHidden: true }),
  ).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('at 1280 px the dashboard shows its sidebar and no menu button; the site links stay in the navbar', async ({
  page,
  signIn,
  freshUser,
}) => {
  await openAtWidth(page, signIn, freshUser, 1280, '/dashboard');
  await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Site' })).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }),
  ).toBeVisible();
});
