// Order numbers: Manage All Orders shows each order's short number (TS-100234) and finds an
// order by it, typed with or without its prefix (GET /adminOrders?q=, the number index).
import type { Order } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  placePaidOrder,
  test,
} from '@toolshop/devstack/e2e';

test('an admin finds an order by its number, with or without TS-, and sees the number in the row', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  test.slow();
  const customer = await apiAs(freshUser);
  const { orderId } = await placePaidOrder(customer, freshUser);
  const { number } = await customer.get<Order>(`/orders/${orderId}`);
  expect(number).toMatch(/^TS-\d{6,}$/);
  await signIn('admin');
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  const rows = page.getByRole('table').getByRole('row');

  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/manageOrders');
    await expect(search).toHaveAttribute('placeholder', /Order or PO number/);
    await search.fill(width === 1280 ? number!.slice(3) : number!);
    await search.press('Enter');
    await expect(rows).toHaveCount(2); // the header and the one order of this number
    await expect(rows.nth(1)).toContainText(number!);
    await expect(rows.nth(1)).toContainText(freshUser.email);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: test.info().outputPath(`manage-orders-number-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoAxeViolations(page);
});
