import { Messages } from '@toolshop/contracts';
import { createUser, expect, signInThroughForm, stack, test } from '@toolshop/devstack/e2e';

test('an admin assigns admin to a customer, who then sees the admin links', async ({
  page,
  browser,
  signIn,
}) => {
  test.slow(); // two signed-in browsers
  // Admin rights need a verified email (the token's email_verified): this customer followed the sign-up link.
  const freshUser = await createUser({ verified: true });
  // The customer signs in first: that creates the user record the admin promotes.
  const customerContext = await browser.newContext({ baseURL: stack.shell });
  const customer = await customerContext.newPage();
  await signInThroughForm(customer, freshUser);
  await customer.goto('/dashboard');
  await expect(customer.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);

  await signIn('admin');
  await page.goto('/dashboard/users');
  const form = page.getByRole('form', { name: 'Assign Admin by email' });
  await form.getByLabel('Email of the user').fill(freshUser.email);
  await form.getByRole('button', { name: 'Assign Admin' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('irreversible');
  await dialog.getByRole('button', { name: 'Assign Admin' }).click();
  await expect(page.getByText(Messages.adminAssigned)).toBeVisible();
  // Done: the box is empty for the next one.
  await expect(form.getByLabel('Email of the user')).toHaveValue('');

  await customer.reload();
  for (const link of ['Make Admin', 'Add A Product', 'Manage Products', 'Manage All Orders']) {
    await expect(customer.getByRole('link', { name: link })).toBeVisible();
  }
  await customer.getByRole('link', { name: 'Manage All Orders' }).click();
  await expect(customer.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
  await customerContext.close();
});

test('in the standalone harness a customer who tries Assign Admin gets the API 403', async ({
  page,
  freshUser,
}) => {
  await page.goto(`${stack.remotes.admin}/dashboard/users`);
  const signInForm = page.getByRole('form', { name: 'Dev sign-in' });
  await signInForm.getByLabel('Email').fill(freshUser.email);
  await signInForm.getByLabel('Password').fill(freshUser.password);
  await signInForm.getByRole('button', { name: 'Dev sign-in' }).click();
  await expect(page.getByRole('banner').getByText(freshUser.email)).toBeVisible();

  // The list of users is for admins only, so it cannot load either.
  await expect(page.getByText('The users could not be loaded.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Assign Admin by email' });
  await form.getByLabel('Email of the user').fill(freshUser.email);
  await form.getByRole('button', { name: 'Assign Admin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Assign Admin' }).click();
  // The list's error shows the API's words too; the toast is the answer to Assign Admin.
  const toasts = page.locator('.Toastify');
  await expect(toasts.getByText(Messages.onlyAdmin)).toBeVisible();
  await expect(toasts.getByText(Messages.adminAssigned)).toHaveCount(0);
  // Refused: the email stays, to be corrected.
  await expect(form.getByLabel('Email of the user')).toHaveValue(freshUser.email);
});
