import { Messages } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';

// Billing details: the profile may hold a company name and tax id (printed on invoices); optional.
test('a company name and tax id are saved with the profile and shown again', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  await signIn(freshUser);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  // The spec's hint stays: the five fields are what is required.
  await expect(page.getByText('All five fields are needed to save your profile.')).toBeVisible();
  await page.getByLabel('Location').fill('Leeds');
  await page.getByLabel('Phone').fill('+44 113 496 0000');
  await page.getByLabel('Education').fill('BSc Mechanical Engineering');
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/test-user');

  const billing = page.getByRole('group', { name: 'For your invoices' });
  await billing.getByLabel('Tax ID (optional)').fill('GB#1');
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(billing.getByLabel('Tax ID (optional)')).toHaveAccessibleDescription(
    /letters and digits/,
  );
  await expectNoAxeViolations(page);

  await billing.getByLabel('Company name (optional)').fill('Test Joinery Ltd');
  await billing.getByLabel('Tax ID (optional)').fill('GB 123 4567 89');
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByText(Messages.profileUpdated)).toBeVisible();

  const [saved] = await (
    await apiAs(freshUser)
  ).get<Array<Record<string, string>>>(`/users?email=${encodeURIComponent(freshUser.email)}`);
  expect(saved).toMatchObject({
    location: 'Leeds',
    company: 'Test Joinery Ltd',
    taxId: 'GB 123 4567 89',
  });
  await page.reload();
  await expect(billing.getByLabel('Company name (optional)')).toHaveValue('Test Joinery Ltd');
  await expect(billing.getByLabel('Tax ID (optional)')).toHaveValue('GB 123 4567 89');
  await page.screenshot({ path: test.info().outputPath('profile-billing.png'), fullPage: true });
});
