import { readFile } from 'node:fs/promises';
import { InvoiceMessages } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  placeOrder,
  placePaidOrder,
  test,
} from '@toolshop/devstack/e2e';

// An admin downloads a customer's invoice from Manage All Orders: the same invoice
// (number) the customer gets.
test('Manage All Orders offers "Invoice (PDF)" for paid orders; the admin gets the customer’s invoice', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const paid = await placePaidOrder(customer, freshUser);
  const unpaid = await placeOrder(customer);
  // The customer's own first download issues the number.
  const own = await customer.request('GET', `/orders/${paid.orderId}/invoice.pdf`);
  expect(own.status).toBe(200);
  const ownName = /filename="([^"]+)"/.exec(own.headers.get('content-disposition') ?? '')?.[1];
  expect(ownName).toMatch(/^invoice-INV-\d{6}\.pdf$/);

  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible({
    timeout: 30_000,
  });
  const invoiceOf = (order: { name: string }) =>
    page.getByRole('button', {
      name: `${InvoiceMessages.link} of the order of ${order.name} for ${freshUser.email}`,
    });
  await expect(invoiceOf(paid)).toBeVisible();
  // The unpaid order of the same customer is listed without one.
  await page
    .getByRole('group', { name: 'Show orders' })
    .getByText('Unpaid', { exact: true })
    .click();
  const unpaidRow = page
    .getByRole('row')
    .filter({ hasText: freshUser.email })
    .filter({ hasText: unpaid.name });
  await expect(unpaidRow.first()).toBeVisible();
  await expect(unpaidRow.getByRole('button', { name: /^Invoice/ })).toHaveCount(0);
  await page.getByRole('group', { name: 'Show orders' }).getByText('Paid', { exact: true }).click();
  await expect(invoiceOf(paid)).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), invoiceOf(paid).click()]);
  expect(download.suggestedFilename()).toBe(ownName);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(`for order ${paid.orderId})`);
  await page.screenshot({
    path: test.info().outputPath('manage-orders-invoice.png'),
    fullPage: true,
  });
});
