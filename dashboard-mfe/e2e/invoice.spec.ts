import { readFile } from 'node:fs/promises';
import { InvoiceMessages } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  placeOrder,
  placePaidOrder,
  test,
} from '@toolshop/devstack/e2e';

// Invoices: a customer downloads the PDF invoice of a paid order from My Orders.
test('My Orders offers "Invoice (PDF)" for a paid order and downloads it with the token', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const paid = await placePaidOrder(customer, freshUser);
  const unpaid = await placeOrder(customer);
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');

  const rows = page.getByRole('table', { name: 'Your orders' }).getByRole('row');
  const paidRow = rows.filter({ hasText: 'Transaction id' });
  const unpaidRow = rows.filter({ hasText: 'Unpaid' });
  await expect(paidRow).toHaveCount(1);
  await expect(unpaidRow).toHaveCount(1);
  // Only the paid order has an invoice.
  await expect(unpaidRow.getByRole('button', { name: /^Invoice/ })).toHaveCount(0);
  const button = paidRow.getByRole('button', { name: `${InvoiceMessages.link} for ${paid.name}` });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const filename = download.suggestedFilename();
  expect(filename).toMatch(/^invoice-INV-\d{6}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const number = filename.slice('invoice-'.length, -'.pdf'.length);
  // The document's own subject names the invoice and the order.
  expect(bytes.toString('latin1')).toContain(`(Invoice ${number} for order ${paid.orderId})`);
  await page.screenshot({ path: test.info().outputPath('my-orders-invoice.png'), fullPage: true });

  // The unpaid order's invoice is refused by the API as well (not only hidden).
  const refused = await customer.request('GET', `/orders/${unpaid.orderId}/invoice.pdf`);
  expect(refused.status).toBe(409);
});
