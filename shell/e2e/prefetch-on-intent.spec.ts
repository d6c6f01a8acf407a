// Client-side navigation without waiting for the remote: a signed-in user's pointer resting on a
// link loads the remote page it leads to before the click (shell/src/composition/prefetch-on-intent.ts).
import { expect, test } from '@toolshop/devstack/e2e';

test("a signed-in customer's pointer on a sidebar link loads its remote page before the click", async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: 'My Orders' }).first();
  await expect(link).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await link.hover();
  await expect
    .poll(() => loaded.some((url) => /__federation_expose_MyOrdersPage\./.test(url)))
    .toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/);
});
