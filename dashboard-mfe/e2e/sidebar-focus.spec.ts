import { expect, test } from '@toolshop/devstack/e2e';
import { openAtWidth } from './width-helpers';

// Keyboard focus: the phone drawer is modal for the keyboard; the wide sidebar is not.
const inDrawer = () => document.activeElement?.closest('#dashboard-sidebar') !== null;

test('at 375 px Tab and Shift+Tab stay inside the open drawer; Escape closes it onto its button', async ({
  page,
  signIn,
  freshUser,
}) => {
  await openAtWidth(page, signIn, freshUser, 375, '/dashboard');
  const drawer = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(page.locator('#dashboard-sidebar a').nth(1)).toBeAttached(); // the admin check has answered
  const menu = page.getByRole('button', { name: 'Dashboard menu' });
  await menu.click();
  await expect(drawer.getByRole('link', { name: 'My Profile' })).toBeFocused();

  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(inDrawer)).toBe(true);
  }
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(inDrawer)).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(drawer.getByRole('link', { name: 'My Profile' })).toBeHidden();
});

test('at 1280 px the sidebar is no trap: Tab goes on from its last link to the page', async ({
  page,
  signIn,
  freshUser,
}) => {
  await openAtWidth(page, signIn, freshUser, 1280, '/dashboard');
  const drawer = page.getByRole('navigation', { name: 'Dashboard' });
  await drawer.getByRole('link', { name: 'Quotes' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(inDrawer)).toBe(false);
});
