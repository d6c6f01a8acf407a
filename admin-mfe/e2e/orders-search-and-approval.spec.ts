// Manage All Orders shows when each order was placed and where it ships, has a
// search box (order id, customer email, ship-to; GET /adminOrders?q=), and the Approve dialog shows
// the ship-to, takes the carrier from a list (or another by name) and ships without a tracking
// number only when the admin says so.
import type { Order } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  placePaidOrder,
  test,
} from '@toolshop/devstack/e2e';

test('an admin finds an order by email or id, sees date and ship-to, and approves it shipped without tracking by choice', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  test.slow();
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);
  await signIn('admin');
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  const rows = page.getByRole('table').getByRole('row');
  const today = new Date().toLocaleDateString('en-US', { dateStyle: 'short' });

  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/manageOrders');
    await search.fill(freshUser.email);
    await search.press('Enter');
    await expect(rows).toHaveCount(2); // the header and the one order of this customer
    const row = rows.nth(1);
    await expect(row).toContainText(freshUser.email);
    await expect(row).toContainText('12 Elm Street, Springfield'); // ship-to
    await expect(row).toContainText(today); // placed
    // The row's action is on screen, not cut off by the added columns.
    const approve = (await row.getByRole('button', { name: /^Approve/ }).boundingBox())!;
    const orders = (await page.getByRole('region', { name: 'Orders' }).boundingBox())!;
    expect(approve.x + approve.width).toBeLessThanOrEqual(orders.x + orders.width);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: test.info().outputPath(`manage-orders-search-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoAxeViolations(page);

  await search.fill(order.orderId);
  await search.press('Enter');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(freshUser.email);
  await search.fill(`nobody-${order.orderId}@nowhere.test`);
  await search.press('Enter');
  await expect(page.getByText(/No orders match/)).toBeVisible();
  await search.fill(freshUser.email);
  await search.press('Enter');

  await rows
    .nth(1)
    .getByRole('button', { name: /^Approve/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Approve for shipping' });
  await expect(dialog.getByRole('region', { name: 'Ship to' })).toContainText(
    '12 Elm Street, Springfield',
  );
  await expect(dialog.getByRole('region', { name: 'Ship to' })).toContainText('+1 555 0100');
  await dialog.getByRole('button', { name: 'Approve for shipping' }).click();
  await expect(
    dialog.getByText('Enter the tracking number, or choose to ship without one'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Carrier', { exact: true })).toBeFocused();
  await expect(dialog.getByLabel('Carrier', { exact: true }).locator('option')).toHaveText([
    'Choose a carrier',
    'UPS',
    'FedEx',
    'USPS',
    'DHL',
    'Other…',
  ]);
  await dialog.getByLabel('Carrier', { exact: true }).selectOption('Other');
  await dialog.getByLabel('Carrier name').fill('Ace Freight');
  await dialog.getByLabel('Ship without a tracking number').check();
  await expect(dialog.getByLabel('Tracking number', { exact: true })).toBeDisabled();
  await expectNoAxeViolations(page, 'dialog');
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`approve-dialog-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Approve for shipping' }).click();
  await expect(rows.nth(1)).toContainText('Shipped');

  const shipped = (
    await (await apiAs('admin')).get<Order[]>(`/adminOrders?q=${order.orderId}`)
  )[0]!;
  expect(shipped).toMatchObject({ shipped: true, carrier: 'Ace Freight' });
  expect(shipped.trackingNumber).toBeUndefined();
});
