import { IdentityMessages } from '@toolshop/contracts';
import type { Page } from '@playwright/test';
import { accessToken, expect, test } from '@toolshop/devstack/e2e';

/**
 * Asks /forgot-password for a link. On a loaded machine the page could still mount again after the
 * first fill (an empty field then answers "Email is Required"), so the fill is redone until the
 * form is sent; a sent form always answers the same status.
 */
async function askForLink(page: Page, email: string) {
  await expect(async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toHaveText(IdentityMessages.passwordResetSent, {
      timeout: 5000,
    });
  }).toPass({ timeout: 30_000 });
}

test('forgot password: the link mailed to the owner sets a new password once; the old one stops working', async ({
  page,
  freshUser,
  mailbox,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await askForLink(page, freshUser.email);

  const mail = await mailbox.waitForMessage(freshUser.email, {
    subject: /Choose a new Toolshop password/,
  });
  const link = mailbox.firstLink(mail);
  expect(link).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(IdentityMessages.passwordBreached);

  const newPassword = 'reset-and-rested-2718';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toHaveText(IdentityMessages.passwordResetDone);
  await mailbox.waitForMessage(freshUser.email, { subject: /Your Toolshop password was changed/ });

  await expect(accessToken(freshUser)).rejects.toThrow(/Invalid email or password/);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(freshUser.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText(freshUser.email),
  ).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-fresh-choice-31');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(IdentityMessages.passwordResetLinkInvalid);
});

test('forgot password answers an address without an account exactly as one with an account', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await askForLink(page, `nobody-${Date.now().toString(36)}@e2e.test`);
});
