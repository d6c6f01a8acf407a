import { formatDollars, type Order } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  placeOrder,
  placePaidOrder,
  signInThroughForm,
  stack,
  test,
} from '@toolshop/devstack/e2e';
import type { Page } from '@playwright/test';

// The declared order lifecycle in Manage All Orders: each row offers what the API allows the admin
// (refund, mark delivered), and closed orders are found under their state's filter.

const showOrders = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Show orders' }).getByText(label, { exact: true }).click();

test('an admin refunds a paid order: it shows Refunded, also in the customer’s My Orders, and cannot be refunded again', async ({
  page,
  browser,
  signIn,
  freshUser,
  apiAs,
}) => {
  test.slow(); // two signed-in browsers
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);
  const amount = formatDollars(order.total);
  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  await showOrders(page, 'Paid');

  const row = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^Refund order of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await expect(dialog).toContainText(`${amount} goes back to the card of ${freshUser.email}`);
  await expect(dialog).toContainText('A refund cannot be undone.');
  await dialog.getByLabel('Reason (optional)').fill('Arrived damaged');
  await expectNoAxeViolations(page, 'dialog');
  await page.screenshot({ path: test.info().outputPath('refund-dialog.png') });
  await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
  await expect(page.getByText(`Refunded ${amount} to the customer's card`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button', { name: /^(Refund|Approve|Cancel)/ })).toHaveCount(0);

  // Read again from the API: under "Refunded", with the refund in its history and no action left.
  await page.reload();
  await showOrders(page, 'Refunded');
  const refunded = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(refunded).toContainText('Refunded');
  await expect(refunded.getByRole('button', { name: /^(Refund|Approve|Cancel|Mark)/ })).toHaveCount(
    0,
  );
  await refunded.getByText('History').click();
  await expect(refunded.getByRole('listitem').last()).toContainText(
    new RegExp(
      `Refunded.*by admin@toolshop\\.test.*Amount ${amount.replace('$', '\\$')}.*Arrived damaged`,
    ),
  );
  await expectNoAxeViolations(page);

  const customerContext = await browser.newContext({ baseURL: stack.shell });
  const customer = await customerContext.newPage();
  await signInThroughForm(customer, freshUser);
  await customer.goto('/dashboard/myOrders');
  const ownRow = customer.getByRole('row', { name: new RegExp(order.name) });
  await expect(ownRow).toContainText('Refunded');
  await expect(ownRow.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await expect(ownRow.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await customerContext.close();
});

test('an admin marks a shipped order delivered', async ({ page, signIn, freshUser, apiAs }) => {
  await placePaidOrder(await apiAs(freshUser), freshUser);
  const admin = await apiAs('admin');
  const [placed] = await admin.get<Order[]>(
    `/adminOrders?q=${encodeURIComponent(freshUser.email)}`,
  );
  await admin.patch(`/adminOrders/${placed!._id}`, {});

  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  await showOrders(page, 'Shipped');
  const row = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(row).toContainText('Shipped');
  await row.getByRole('button', { name: /^Mark order of .* delivered$/ }).click();
  await expect(page.getByText('Marked delivered')).toBeVisible();
  await expect(row).toContainText('Delivered');
  await expect(row.getByRole('button', { name: /^Mark order of/ })).toHaveCount(0);

  await showOrders(page, 'Delivered');
  const delivered = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(delivered).toContainText('Delivered');
  // Delivered: only a refund is left.
  await expect(delivered.getByRole('button', { name: /^Refund order of/ })).toBeVisible();
  await expect(delivered.getByRole('button', { name: /^(Approve|Cancel|Mark)/ })).toHaveCount(0);
});

test('a cancelled order leaves the open orders and is found under “Canceled”', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const order = await placeOrder(customer);
  await customer.delete(`/orders/${order.orderId}`);

  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  await expect(
    page.getByRole('group', { name: 'Show orders' }).getByLabel('All open'),
  ).toBeChecked();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(freshUser.email) })).toHaveCount(0);

  await showOrders(page, 'Canceled');
  const row = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await expect(row).toContainText(order.name);
  await expect(row).toContainText('Canceled');
  await expect(row.getByRole('button', { name: /^(Approve|Cancel|Mark|Refund)/ })).toHaveCount(0);
  await row.getByText('History').click();
  await expect(row.getByRole('listitem').last()).toContainText(/Canceled.*by the customer/);
});
