import { expect, stack, test } from '@toolshop/devstack/e2e';

const userKey = () => `oidc.user:${stack.identity}:toolshop-web`;

test('an expired access token is renewed with the refresh token on the next visit', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  const before = await page.evaluate(() => localStorage.getItem('accessToken'));
  // Age the stored session past its expiry, as after a long pause.
  await page.evaluate((key) => {
    const user = JSON.parse(localStorage.getItem(key)!);
    user.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
  }, userKey());

  await page.reload();

  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText(freshUser.email),
  ).toBeVisible();
  const after = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
});

test('a session whose refresh token no longer works ends signed out, not stuck loading', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await page.evaluate((key) => {
    const user = JSON.parse(localStorage.getItem(key)!);
    user.expires_at = Math.floor(Date.now() / 1000) - 60;
    user.refresh_token = 'revoked';
    localStorage.setItem(key, JSON.stringify(user));
  }, userKey());

  await page.reload();

  // (the prerendered home page shows a visitor's Login at once: the session is read after that)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText(freshUser.email),
  ).toHaveCount(0);
});
