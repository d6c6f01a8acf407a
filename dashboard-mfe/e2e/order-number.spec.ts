// Order numbers: My Orders names each order by its short number (TS-100234), the one its emails,
// its invoice and the shop's staff use.
import type { Order } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, placeOrder, test } from '@toolshop/devstack/e2e';

test('My Orders shows each order’s number', async ({ page, signIn, freshUser, apiAs }) => {
  const customer = await apiAs(freshUser);
  const { orderId, name } = await placeOrder(customer);
  const { number } = await customer.get<Order>(`/orders/${orderId}`);
  expect(number).toMatch(/^TS-\d{6,}$/);
  await signIn(freshUser);

  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/myOrders');
    const row = page
      .getByRole('table', { name: 'Your orders' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(row.getByRole('term').filter({ hasText: /^Number$/ })).toBeVisible();
    await expect(row.getByRole('definition').filter({ hasText: number! })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`my-orders-number-${width}.png`), fullPage: true });
  }
});
