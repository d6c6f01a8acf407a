// Quick Order keeps what was typed for the tab: an expired session offers a sign-in link, and Back
// and Forward bring the lines back; a placed order clears them.
import { ApiMessages } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';
import { quickOrderLines } from './quick-order-helpers';

for (const width of [1280, 375]) {
  test(`at ${width} px an expired session links to sign in again and keeps the lines and delivery`, async ({
    page,
    signIn,
    freshUser,
  }, info) => {
    await signIn(freshUser);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard/quickOrder');
    const lines = 'Cordless Drill, 20\nSaw Blade, 7';
    await quickOrderLines(page).fill(lines);
    await page.getByLabel('Delivery address').fill('12 Workshop Lane, Pittsburgh');
    // The API answers as for an expired token.
    await page.route('**/quickOrders/check', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 401, message: ApiMessages.sessionInvalid }),
      }),
    );
    await page.getByRole('button', { name: 'Check lines' }).click();
    const alert = page.getByRole('alert').filter({ hasText: ApiMessages.sessionInvalid });
    await expect(alert).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: info.outputPath(`quick-order-expired-${width}.png`),
      fullPage: true,
    });
    await page.unroute('**/quickOrders/check');

    await alert.getByRole('link', { name: 'Sign in again' }).click();
    // Still signed in in this browser: /login goes straight back to where the link came from.
    await expect(page).toHaveURL(/\/dashboard\/quickOrder$/);
    await expect(quickOrderLines(page)).toHaveValue(lines);
    await expect(page.getByLabel('Delivery address')).toHaveValue('12 Workshop Lane, Pittsburgh');
  });
}

test('Back and Forward keep the typed lines and delivery; placing the order clears them', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await page.goto('/dashboard/quickOrder');
  const lines = 'Cordless Drill Driver 18V, 10';
  await quickOrderLines(page).fill(lines);
  await page.getByLabel('Delivery address').fill('12 Workshop Lane, Pittsburgh');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Orders' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await page.goBack();
  await expect(quickOrderLines(page)).toHaveValue(lines);
  await expect(page.getByLabel('Delivery address')).toHaveValue('12 Workshop Lane, Pittsburgh');
  await page.goForward();
  await page.goBack();
  await expect(quickOrderLines(page)).toHaveValue(lines);

  await page.getByRole('button', { name: 'Check lines' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await page.goto('/dashboard/quickOrder');
  await expect(quickOrderLines(page)).toHaveValue('');
});
