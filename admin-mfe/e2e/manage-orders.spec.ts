import { Messages, type Order } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  placeOrder,
  placePaidOrder,
  signInThroughForm,
  stack,
  test,
} from '@toolshop/devstack/e2e';

test('an approved paid order shows as shipped, with carrier, tracking number and history, also in the customer’s My Orders', async ({
  page,
  browser,
  signIn,
  freshUser,
  apiAs,
}) => {
  test.slow(); // two signed-in browsers
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);
  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  const overview = page.getByRole('region', { name: 'Last 30 days' });
  await expect(overview).toContainText(/^Last 30 days[\d,]+ orders?, \$[\d,]+ paid revenue/);
  await overview.getByText('Charts', { exact: true }).click();
  await expect(
    overview.getByRole('img', {
      name: /^Orders per day over the last 30 days: [\d,]+ orders? in total/,
    }),
  ).toBeVisible();
  await page.getByRole('group', { name: 'Show orders' }).getByText('Paid', { exact: true }).click();

  const row = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve for shipping' });
  await dialog.getByLabel('Carrier', { exact: true }).selectOption('DHL');
  await dialog.getByLabel('Tracking number', { exact: true }).fill('JD0146 <b>');
  await dialog.getByRole('button', { name: 'Approve for shipping' }).click();
  await expect(dialog.getByText(/The tracking number may hold/)).toBeVisible();
  await expectNoAxeViolations(page, 'dialog');
  await page.screenshot({ path: test.info().outputPath('approve-dialog.png') });
  await dialog.getByLabel('Tracking number', { exact: true }).fill('JD0146 0000 1234');
  await dialog.getByRole('button', { name: 'Approve for shipping' }).click();
  await expect(page.getByText(Messages.approvedForShipping)).toBeVisible();
  await expect(row).toContainText('Shipped');

  // The admin's history of the order names who shipped it and with what.
  await page
    .getByRole('group', { name: 'Show orders' })
    .getByText('Shipped', { exact: true })
    .click();
  const shippedRow = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await shippedRow.getByText('History').click();
  const history = shippedRow.getByRole('list');
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(0)).toContainText('Placed');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Paid');
  await expect(history.getByRole('listitem').nth(2)).toContainText(
    /Shipped.*by admin@toolshop\.test.*Carrier DHL · Tracking number JD0146 0000 1234/,
  );
  await expectNoAxeViolations(page);

  const customerContext = await browser.newContext({ baseURL: stack.shell });
  const customer = await customerContext.newPage();
  await signInThroughForm(customer, freshUser);
  await customer.goto('/dashboard/myOrders');
  const ownRow = customer.getByRole('row', { name: new RegExp(order.name) });
  await expect(ownRow).toContainText('Shipped with DHL, tracking number JD0146 0000 1234');
  await ownRow.getByText('History').click();
  const ownHistory = ownRow.getByRole('listitem');
  await expect(ownHistory).toHaveCount(3);
  await expect(ownHistory.nth(0)).toContainText(/Placed.*by you/);
  await expect(ownHistory.nth(1)).toContainText(/Paid.*by you.*Transaction id/);
  await expect(ownHistory.nth(2)).toContainText(/Shipped.*by the shop/);
  await expect(ownRow).not.toContainText('admin@toolshop.test');
  await customer.screenshot({
    path: test.info().outputPath('my-orders-history.png'),
    fullPage: true,
  });
  await customerContext.close();
});

test('an admin cancels an unpaid order after confirming', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customerApi = await apiAs(freshUser);
  const order = await placeOrder(customerApi);
  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  await page
    .getByRole('group', { name: 'Show orders' })
    .getByText('Unpaid', { exact: true })
    .click();

  const row = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(row).toContainText('Unpaid');
  await row.getByRole('button', { name: /^Cancel order of/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(order.name);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(Messages.orderCanceled)).toBeVisible();
  await expect(row).toHaveCount(0);

  const own = await customerApi.get<Order[]>(
    `/orders?email=${encodeURIComponent(freshUser.email)}`,
  );
  expect(own.map((o) => o._id)).not.toContain(order.orderId);
});
