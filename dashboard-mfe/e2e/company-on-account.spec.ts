// Pay on account: a company granted net terms orders without a card; the buyer sees the order on
// account with its invoice's due date in My Orders, and paid once an admin records the payment on
// Manage All Orders.
import { AccountMessages, ORDER_STATE_LABELS, type Order } from '@toolshop/contracts';
import {
  demo,
  expect,
  expectNoAxeViolations,
  signInThroughForm,
  test,
} from '@toolshop/devstack/e2e';
import { createTool, orderOnStorefront } from './company-helpers';

test('a company on 30-day terms orders on account and sees when the invoice is due', async ({
  page,
  browser,
  signIn,
  freshUser,
  apiAs,
}) => {
  const buyer = await apiAs(freshUser);
  const { insertedId: companyId } = await buyer.post<{ insertedId: string }>('/companies', {
    name: `Account Joinery ${Date.now().toString(36)}`,
  });
  const admin = await apiAs('admin');
  await admin.put(`/admin/companies/${companyId}/terms`, { netDays: 30, creditLimit: 1000 });
  const tool = await createTool(admin, 'Account Chisel', 40);
  const toolId = tool._id;

  await signIn(freshUser);
  await orderOnStorefront(page, toolId, 3);

  await page.goto('/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row.getByText(ORDER_STATE_LABELS.on_account)).toBeVisible();
  await expect(row.getByRole('link', { name: `Pay for ${tool.name}` })).toHaveCount(0);
  const [order] = (
    await buyer.get<Order[]>(`/orders?email=${encodeURIComponent(freshUser.email)}`)
  ).filter((o) => o.name === tool.name);
  expect(order!.state).toBe('on_account');
  const due = new Date(order!.dueAt!).getTime();
  expect(due - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  const dueTime = row.locator(`time[datetime="${order!.dueAt}"]`);
  await expect(row.getByText('Invoice due')).toBeVisible();
  // Invoiced before it is paid: the invoice (with its due date) is there to download.
  await expect(row.getByRole('button', { name: `Invoice (PDF) for ${tool.name}` })).toBeVisible();
  await expect(dueTime).toBeVisible();
  await expectNoAxeViolations(page);

  // An admin records the company's payment on Manage All Orders, in a browser of their own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughForm(adminPage, demo.admin);
  await adminPage.goto('/dashboard/manageOrders');
  const search = adminPage.getByRole('searchbox', { name: 'Search orders' });
  await search.fill(order!.number!);
  await search.press('Enter');
  const adminRow = adminPage.getByRole('row').filter({ hasText: order!.number! });
  await expect(adminRow.getByText(ORDER_STATE_LABELS.on_account)).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await adminRow.getByRole('button', { name: /^Record payment/ }).click();
  await expect(adminPage.getByText(AccountMessages.paymentRecorded)).toBeVisible();
  expect((await admin.get<Order>(`/orders/${order!._id}`)).state).toBe('paid');
  await adminContext.close();

  await page.reload();
  await expect(
    row.getByText(ORDER_STATE_LABELS.paid, { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await expect(row.getByText('Invoice due')).toHaveCount(0);
});
