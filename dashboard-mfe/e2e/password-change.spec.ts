import { IdentityMessages } from '@toolshop/contracts';
import { accessToken, expect, test } from '@toolshop/devstack/e2e';

test('the profile changes the password with the current one; the old password stops working', async ({
  page,
  signIn,
  freshUser,
  mailbox,
}) => {
  await signIn(freshUser);
  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'Change your password' });

  await form.getByLabel('Current password').fill('not-my-password-1');
  await form.getByLabel('New password').fill('changed-in-profile-42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText(IdentityMessages.currentPasswordWrong);

  await form.getByLabel('Current password').fill(freshUser.password);
  await form.getByLabel('New password').fill('12345678');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText(IdentityMessages.passwordBreached);

  await form.getByLabel('New password').fill('changed-in-profile-42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('.Toastify').getByText(IdentityMessages.passwordChanged)).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  await expect(accessToken(freshUser)).rejects.toThrow(/Invalid email or password/);
  expect(
    await accessToken({ email: freshUser.email, password: 'changed-in-profile-42' }),
  ).toBeTruthy();
  await mailbox.waitForMessage(freshUser.email, { subject: /Your Toolshop password was changed/ });

  // This browser signed in again with the new password: it stays signed in after a reload.
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText(freshUser.email),
  ).toBeVisible();
});
