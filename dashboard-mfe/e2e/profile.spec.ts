import { Messages } from '@toolshop/contracts';
import { expect, test } from '@toolshop/devstack/e2e';

test('the profile is sent only with all five fields filled', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  await signIn(freshUser);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: freshUser.name })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(freshUser.email);

  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/users')
      updates.push(request.postData() ?? '');
  });

  await page.getByLabel('Location').fill('Leeds');
  await page.getByLabel('Phone').fill('+44 113 496 0000');
  await page.getByLabel('Education').fill('BSc Mechanical Engineering');
  await page.getByRole('button', { name: 'Update profile' }).click();

  await expect(page.getByLabel('LinkedIn')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please fill in this field')).toBeVisible();
  expect(updates).toEqual([]);

  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/test-user');
  await page.getByRole('button', { name: 'Update profile' }).click();

  await expect(page.getByText(Messages.profileUpdated)).toBeVisible();
  expect(updates).toHaveLength(1);
  expect(JSON.parse(updates[0] ?? '{}')).toEqual({
    email: freshUser.email,
    location: 'Leeds',
    phone: '+44 113 496 0000',
    education: 'BSc Mechanical Engineering',
    linkedIn: 'https://www.linkedin.com/in/test-user',
  });

  // Saved on the server, and shown on the card with linkedIn as a link.
  const [saved] = await (
    await apiAs(freshUser)
  ).get<Array<Record<string, string>>>(`/users?email=${encodeURIComponent(freshUser.email)}`);
  expect(saved).toMatchObject({ location: 'Leeds', education: 'BSc Mechanical Engineering' });
  await page.reload();
  await expect(
    page.getByRole('link', { name: 'https://www.linkedin.com/in/test-user' }),
  ).toHaveAttribute('href', 'https://www.linkedin.com/in/test-user');
  await expect(page.getByText('Leeds', { exact: true })).toBeVisible();
});

test('a customer who signed up followed the mailed link: the profile shows the email verified, no resend', async ({
  page,
  signIn,
  freshUser,
}) => {
  // The sign-up mail's link makes the account now; only accounts made before that can be
  // unverified (their resend is covered by infra/identity/test/verification.test.ts).
  await signIn(freshUser);
  await page.goto('/dashboard');
  await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
});
