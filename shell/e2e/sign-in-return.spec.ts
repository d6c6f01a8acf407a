import { expect, stack, test } from '@toolshop/devstack/e2e';

// Returning after sign-in, and the login tab title, at the widths a shopper uses.
// (The signIn fixture waits for the navbar's email, which phones keep behind the menu: it signs in first.)
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test("the navbar's Login returns to the page the user was on", async ({ page, freshUser }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/blogs');
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (width < 768) await nav.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(`${stack.shell}/login`);
      await expect(page).toHaveTitle('Login | Toolshop');
      await page.getByLabel('Email').fill(freshUser.email);
      await page.getByLabel('Password').fill(freshUser.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page).toHaveURL(`${stack.shell}/blogs`);
      await expect(nav.getByText(freshUser.email)).toBeAttached();
    });

    test('a signed-in customer sent from an admin page is told why; /login sends a signed-in user on', async ({
      page,
      signIn,
      freshUser,
    }) => {
      await signIn(freshUser);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dashboard/manageOrders');
      await expect(page).toHaveURL(`${stack.shell}/login`);
      await expect(
        page.getByRole('alert').filter({ hasText: 'This page is for admins' }),
      ).toBeVisible();

      await page.goto('/blogs');
      await page.goto('/login');
      await expect(page).toHaveURL(`${stack.shell}/`);
    });

    test('a failed login or sign-up submit moves focus to the first invalid field', async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByLabel('Email')).toBeFocused();
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByLabel('Password')).toBeFocused();

      await page.goto('/signup');
      await expect(page).toHaveTitle('Sign Up | Toolshop');
      await page.getByLabel('Name').fill('Ada');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page.getByLabel('Email')).toBeFocused();
    });
  });
}
