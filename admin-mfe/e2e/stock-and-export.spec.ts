import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Tool } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, placePaidOrder, test } from '@toolshop/devstack/e2e';

// Low stock first and marked in Manage Products, counted above Manage All Orders.
test('low-stock products come first in Manage Products, marked with their threshold', async ({
  page,
  signIn,
  apiAs,
}) => {
  const admin = await apiAs('admin');
  const [existing] = await admin.get<Tool[]>('/tools');
  const name = `E2E Low Stock ${randomUUID().slice(0, 6)}`;
  const { insertedId } = await admin.post<{ insertedId: string }>('/tools', {
    name,
    img: existing!.img,
    shortDescription: 'low stock test',
    // A minimum order of 0 keeps the order helpers of all browser tests away from this tool.
    minOrder: 0,
    available: 2,
    price: 10,
    category: 'Accessories',
    lowStockThreshold: 5,
  });
  try {
    await signIn('admin');
    await page.goto('/dashboard/manageOrders');
    // The first visit loads the admin remote: generous on a busy machine.
    await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible({
      timeout: 30_000,
    });
    const note = page.getByText(/\d+ products? (is|are) low on stock\./);
    await expect(note).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Restock in Manage Products' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);

    const rows = page.getByRole('table', { name: 'All products' }).getByRole('row');
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText('Low stock');
    await expect(row).toContainText('below 5');
    await expect(row).toContainText('Accessories');
    // Every row above it is low too (low stock first).
    const texts = await rows.allInnerTexts();
    const index = texts.findIndex((text) => text.includes(name));
    expect(index).toBeGreaterThan(0);
    for (const text of texts.slice(1, index)) expect(text).toContain('Low stock');
    await expectNoAxeViolations(page);

    // Restocked above its threshold, it is no longer marked.
    await row.getByRole('button', { name: `Restock ${name}` }).click();
    await page.getByRole('dialog').getByLabel('Units in stock').fill('50');
    await page.getByRole('dialog').getByRole('button', { name: 'Save stock' }).click();
    await expect(row).not.toContainText('Low stock');
  } finally {
    await admin.delete(`/tools/${insertedId}`);
  }
});

test('Export CSV downloads the orders of the current filter', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);
  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  await page.getByRole('group', { name: 'Show orders' }).getByText('Paid', { exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `orders-paid-${new Date().toISOString().slice(0, 10)}.csv`,
  );
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(
    'Order number,Order id,Created at,State,Product,SKU,Tool id,Quantity,Total (USD),Customer name,Email,Address,Phone,Transaction id,Carrier,Tracking number,PO number',
  );
  const ours = lines.find((line) => line.split(',')[1] === order.orderId);
  expect(ours).toContain(`,paid,`);
  expect(ours).toContain(freshUser.email);
  for (const line of lines.slice(1)) expect(line.split(',')[3]).toBe('paid');

  // Shipped with a carrier and tracking number: the export of shipped orders carries both.
  const admin = await apiAs('admin');
  await admin.patch(`/adminOrders/${order.orderId}`, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  await page
    .getByRole('group', { name: 'Show orders' })
    .getByText('Shipped', { exact: true })
    .click();
  const [shipped] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const shippedLines = (await readFile((await shipped.path())!)).toString('utf8').split('\r\n');
  const shippedOurs = shippedLines.find((line) => line.split(',')[1] === order.orderId);
  expect(shippedOurs).toMatch(/,shipped,.*,UPS,1Z999AA10123456784,$/);
});
