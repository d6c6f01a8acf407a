// Order numbers: My Orders names each order by its short number (TS-100234), the one its emails,
// its invoice and the shop's staff use, and finds an order by it.
import type { Order } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, placeOrder, test } from '@toolshop/devstack/e2e';

test('My Orders shows each order’s number and finds an order by it', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const { orderId } = await placeOrder(customer);
  const { orderId: otherId } = await placeOrder(customer);
  const [{ number }, { number: other }] = await Promise.all([
    customer.get<Order>(`/orders/${orderId}`),
    customer.get<Order>(`/orders/${otherId}`),
  ]);
  expect(number).toMatch(/^TS-\d{6,}$/);
  await signIn(freshUser);
  const rows = page.getByRole('table', { name: 'Your orders' }).getByRole('row');
  const find = page.getByRole('searchbox', { name: 'Find an order by number' });

  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/myOrders');
    await expect(rows.filter({ hasText: other! })).toHaveCount(1);
    const row = rows.filter({ hasText: number! });
    await expect(row.getByRole('term').filter({ hasText: /^Number$/ })).toBeVisible();
    await expect(row.getByRole('definition').filter({ hasText: number! })).toBeVisible();
    // Typed with or without its prefix: only that order stays, and the API is asked for it (it
    // also finds orders beyond the list's cap).
    const asked = page.waitForResponse(
      (response) => response.url().includes('&number=') && response.status() === 200,
    );
    await find.fill(width === 1280 ? number!.slice(3) : number!.toLowerCase());
    await asked;
    await expect(rows.filter({ hasText: other! })).toHaveCount(0);
    await expect(rows.filter({ hasText: number! })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`my-orders-number-${width}.png`),
      fullPage: true,
    });
  }
  // The payment page names the order by its number too.
  await page.goto(`/dashboard/payment/${orderId}`);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('term').filter({ hasText: /^Order number$/ })).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: number! })).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('payment-number-1920.png'),
    fullPage: true,
  });
  await page.goto('/dashboard/myOrders');
  await find.fill('TS-999999999');
  await expect(page.getByText('No order numbered “TS-999999999”')).toBeVisible();
  await find.fill('');
  await expect(rows.filter({ hasText: other! })).toHaveCount(1);
});
