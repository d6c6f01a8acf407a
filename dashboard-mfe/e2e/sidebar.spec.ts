import {
  adminSidebarLinks,
  dashboardSidebar as sidebar,
  expect,
  expectSidebarLinks,
  test,
} from '@toolshop/devstack/e2e';

test('a customer sees My Profile, My Company, Add A Review, My Orders, Quick Order, Saved Lists and Quotes, the current one highlighted', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await page.goto('/dashboard');
  await expectSidebarLinks(page, [
    'My Profile',
    'My Company',
    'Add A Review',
    'My Orders',
    'Quick Order',
    'Saved Lists',
    'Quotes',
  ]);
  await expect(sidebar(page).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await sidebar(page).getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(sidebar(page).getByRole('link', { name: 'My Profile' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('an admin sees My Profile and every management page', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  await expectSidebarLinks(page, adminSidebarLinks);
});

test('on a phone the sidebar is a drawer behind the menu button', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const menu = page.getByRole('button', { name: 'Dashboard menu' });
  await expect(sidebar(page).getByRole('link', { name: 'Add A Review' })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await sidebar(page).getByRole('link', { name: 'Add A Review' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Add A Review' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Add A Review' })).toBeHidden();

  await menu.click();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
});
