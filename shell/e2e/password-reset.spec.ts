import { RuleMessages } from '@toolshop/contracts';
import { accessToken, expect, test } from '@toolshop/devstack/e2e';

test('forgot password: the link mailed to the owner sets a new password once; the old one stops working', async ({
  page,
  freshUser,
  mailbox,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(freshUser.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toHaveText(RuleMessages.passwordResetSent);

  const mail = await mailbox.waitForMessage(freshUser.email, { subject: /Choose a new Toolshop password/ });
  const link = mailbox.firstLink(mail);
  expect(link).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(RuleMessages.passwordBreached);

  const newPassword = 'reset-and-rested-2718';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toHaveText(RuleMessages.passwordResetDone);
  await mailbox.waitForMessage(freshUser.email, { subject: /Your Toolshop password was changed/ });

  await expect(accessToken(freshUser)).rejects.toThrow(/Invalid email or password/);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(freshUser.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(freshUser.email)).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-fresh-choice-31');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(RuleMessages.passwordResetLinkInvalid);
});

test('forgot password answers an address without an account exactly as one with an account', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`nobody-${Date.now().toString(36)}@e2e.test`);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toHaveText(RuleMessages.passwordResetSent);
});
