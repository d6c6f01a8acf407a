// Quotes in the composed shop: a buyer asks for prices in the dashboard, the admin answers in the
// admin remote, the buyer accepts and finds the order at the quoted price in My Orders.
import { randomUUID } from 'node:crypto';
import { formatDollars, type Tool } from '@toolshop/contracts';
import {
  demo,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  signInThroughForm,
  test,
} from '@toolshop/devstack/e2e';
import { createTools, quickOrderLines } from './quick-order-helpers';

test('a buyer requests a quote, the admin answers it, the buyer accepts it into an order', async ({
  page,
  browser,
  signIn,
  freshUser,
  apiAs,
}) => {
  test.slow();
  const name = `Quoted Table Saw ${randomUUID().slice(0, 8)}`;
  const [tool] = (await createTools(await apiAs('admin'), [{ name, price: 400 }])) as [Tool];

  await signIn(freshUser);
  await page.goto('/dashboard/quotes');
  await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  // The lines come from Quick Order's Request a quote.
  await page.goto('/dashboard/quickOrder');
  await quickOrderLines(page).fill(`${name}, 12`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await page.getByRole('link', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes$/);
  // "SKU — name", as Quick Order reads it back (a new product gets a SKU of its own).
  await expect(page.getByLabel('Product, line 1')).toHaveValue(new RegExp(`— ${name}$`));
  await expect(page.getByLabel('Quantity, line 1')).toHaveValue('12');
  await page.getByLabel('Note for the shop (optional)').fill('For the new workshop');
  // The form fits a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Request the quote' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f]{24}$/);
  await expect(page.getByText('Requested', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('rowheader', { name })).toBeVisible();
  await expectNoAxeViolations(page);

  // The admin, in a browser of their own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughForm(adminPage, demo.admin);
  await adminPage.goto('/dashboard/manageQuotes');
  await expect(adminPage.getByRole('heading', { name: 'Manage Quotes', level: 1 })).toBeVisible();
  await adminPage
    .getByRole('button', { name: `Answer the quote of ${freshUser.email}: 12 × ${name}` })
    .click();
  const dialog = adminPage.getByRole('dialog', { name: `Quote for ${freshUser.email}` });
  await expect(dialog.getByText('For the new workshop')).toBeVisible();
  await dialog.getByLabel(`Unit price in dollars, ${name}`).fill('350');
  await dialog.getByLabel('Message to the buyer (optional)').fill('Volume price for 12');
  await expectNoAxeViolations(adminPage);
  await dialog.getByRole('button', { name: 'Send the answer' }).click();
  await expect(dialog).toBeHidden();
  await adminContext.close();

  // The buyer sees the price and accepts.
  await page.reload();
  await expect(page.getByText('Answered', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Volume price for 12')).toBeVisible();
  const total = formatDollars(12 * 350);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(formatDollars(350));
  await expectNoAxeViolations(page);
  await page.getByLabel('Address').fill('5 Workshop Lane');
  await page.getByLabel('Phone').fill('555-0199');
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  // Read again, the quote says accepted and leads to the order.
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'See the order in My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(total);
  expect(tool.price).toBe(400);
});
