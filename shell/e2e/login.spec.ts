import { Messages, IdentityMessages } from '@toolshop/contracts';
import { createUser, demo, expect, stack, test } from '@toolshop/devstack/e2e';

test('the login form shows the spec messages before asking the provider', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(Messages.emailRequired)).toBeVisible();
  await expect(page.getByText(Messages.passwordRequired)).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(Messages.emailInvalid)).toBeVisible();
  await expect(page.getByText(Messages.passwordTooShort)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test("a wrong password shows the identity provider's message under the form", async ({
  page,
  freshUser,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(freshUser.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('after login the user returns to the page they came from', async ({ page, freshUser }) => {
  await page.goto('/dashboard/review');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(freshUser.email);
  await page.getByLabel('Password').fill(freshUser.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/review$/);
});

test('without an origin, login goes to /', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.customer.email);
  await page.getByLabel('Password').fill(demo.customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${stack.shell}/`);
});

test('sign-up: check the inbox, then the mailed link lands on /dashboard with the name set and the user record created', async ({
  page,
  apiAs,
  mailbox,
}) => {
  const id = Date.now().toString(36);
  const user = {
    name: `Ada Lovelace ${id}`,
    email: `ada-${id}@e2e.test`,
    password: 'analytical-engine-1843',
  };
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create New Account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(Messages.nameRequired)).toBeVisible();

  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('password1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText(IdentityMessages.passwordBreached);

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status')).toHaveText(IdentityMessages.signupCheckInbox);

  const mail = await mailbox.waitForMessage(user.email, { subject: /Finish signing up/ });
  expect(mail.text).not.toContain('Ada');
  await page.goto(mailbox.firstLink(mail));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(user.name).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(user.email)).toBeVisible();
  const profiles = await (
    await apiAs(user)
  ).get<Array<{ email: string }>>(`/users?email=${encodeURIComponent(user.email)}`);
  expect(profiles[0]?.email).toBe(user.email);
});

test('sign-up with a registered email answers as for a new one and mails the owner instead', async ({
  page,
  mailbox,
}) => {
  const existing = await createUser();
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Someone');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password').fill('another-password-77');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status')).toHaveText(IdentityMessages.signupCheckInbox);
  await expect(page.getByText('This email is already registered.')).toHaveCount(0);
  const notice = await mailbox.waitForMessage(existing.email, {
    subject: /Someone tried to sign up/,
  });
  expect(notice.text).toContain('Forgot password?');
  expect(notice.text).not.toContain('Someone,');
});

test('the Google option signs in through the stand-in and returns to the origin', async ({
  page,
}) => {
  const email = `g-${Date.now().toString(36)}@gmail.test`;
  await page.goto('/tools/anything');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page).toHaveURL(new RegExp(`^http://localhost:${stack.ports.google}/`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Gina Google');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/tools\/anything$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(email)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
});

test('a deployment without the Google option (googleSignIn: false in /config.json) shows no Google button', async ({
  page,
}) => {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), googleSignIn: false } });
  });
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  }
});
