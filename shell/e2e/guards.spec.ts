import { Messages } from '@toolshop/contracts';
import { expect, stack, test } from '@toolshop/devstack/e2e';

test('login-required routes send a visitor to /login', async ({ page }) => {
  for (const path of [
    '/tools/123',
    '/dashboard',
    '/dashboard/myOrders',
    '/dashboard/payment/abc',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`${stack.shell}/login`);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  }
});

test('admin routes send a signed-in customer to /login', async ({ page, signIn, freshUser }) => {
  await signIn(freshUser);
  for (const path of [
    '/dashboard/users',
    '/dashboard/addProduct',
    '/dashboard/manageProducts',
    '/dashboard/manageOrders',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`${stack.shell}/login`);
  }
});

test('an admin reaches the admin routes inside the dashboard layout', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();
  await page.goto('/dashboard/manageOrders');
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
});

test('an unknown path shows the 404 dialog over the hero; the button returns home', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: Messages.notFoundHero })).toBeAttached();
  const dialog = page.getByRole('dialog', { name: Messages.notFoundTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(Messages.notFoundText);
  await expect(dialog.getByRole('button', { name: Messages.notFoundButton })).toBeFocused();
  await dialog.getByRole('button', { name: Messages.notFoundButton }).click();
  await expect(page).toHaveURL(`${stack.shell}/`);
  await expect(dialog).toHaveCount(0);
});
