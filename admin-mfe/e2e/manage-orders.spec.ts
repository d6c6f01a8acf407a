import { Messages, type Order } from '@toolshop/contracts';
import { expect, signInThroughForm, stack, test } from '@toolshop/devstack/e2e';
import { placeOrder, placePaidOrder } from './order-helpers';

test('an approved paid order shows as shipped, also in the customer’s My Orders', async ({
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
  await expect(
    page.getByRole('img', { name: /^Orders per day over the last 30 days: \d+ orders? in total/ }),
  ).toBeVisible();
  await page.getByRole('group', { name: 'Show orders' }).getByText('Paid', { exact: true }).click();

  const row = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText(Messages.approvedForShipping)).toBeVisible();
  await expect(row).toContainText('Shipped');

  const customerContext = await browser.newContext({ baseURL: stack.shell });
  const customer = await customerContext.newPage();
  await signInThroughForm(customer, freshUser);
  await customer.goto('/dashboard/myOrders');
  const ownRow = customer.getByRole('row', { name: new RegExp(order.name) });
  await expect(ownRow).toContainText('Shipped');
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
