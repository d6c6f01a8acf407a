// PO numbers: a buyer gives their own purchase order number with a quick order; My Orders shows
// it with the order, and an admin finds the order by it in Manage All Orders.
import { randomUUID } from 'node:crypto';
import { PurchaseOrderMessages } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';
import { createTools, placeButton, quickOrderLines, status } from './quick-order-helpers';

test('a quick order with a PO number shows it in My Orders, and the admin finds the order by it', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const id = randomUUID().slice(0, 8);
  const purchaseOrder = `PO-${id}/7`;
  const [drill] = await createTools(await apiAs('admin'), [{ name: `PO Drill ${id}`, price: 49 }]);
  await signIn(freshUser);
  await page.goto('/dashboard/quickOrder');
  await quickOrderLines(page).fill(`${drill!.name}, 3`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(status(page)).toHaveText('1 line checked: every line can be ordered.');
  await page.getByLabel('Delivery address').fill('7 Forge Road, Springfield');
  await page.getByLabel('Phone').fill('+1 555 0107');
  const poField = page.getByLabel(PurchaseOrderMessages.fieldLabel);
  // The shared rule, before anything is sent.
  await poField.fill('PO <7>');
  await placeButton(page).click();
  await expect(page.getByText(PurchaseOrderMessages.format)).toBeVisible();
  await expect(poField).toBeFocused();
  await expectNoAxeViolations(page);
  await poField.fill(`  ${purchaseOrder} `);
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);

  await page.goto('/dashboard/myOrders');
  const row = page
    .getByRole('table', { name: 'Your orders' })
    .getByRole('row')
    .filter({ hasText: drill!.name });
  await expect(row.getByRole('term').filter({ hasText: /^PO number$/ })).toBeVisible();
  await expect(row.getByRole('definition').filter({ hasText: purchaseOrder })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('my-orders-po-1280.png'), fullPage: true });

  // The customer signs out; the admin searches Manage All Orders by the exact PO number.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await search.fill(purchaseOrder);
  await search.press('Enter');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the one order with this PO number
  await expect(rows.nth(1)).toContainText(freshUser.email);
  await expect(rows.nth(1)).toContainText(`PO number: ${purchaseOrder}`);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: test.info().outputPath('manage-orders-po-1280.png'),
    fullPage: true,
  });
});
