// Saved Lists in the composed shop: a 20-line list is ordered again and paid within 5
// clicks from the list page (the reorder target); a customer never sees another customer's list.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  BuyingMessages,
  formatDollars,
  type Order,
  type SavedList,
  type Tool,
} from '@toolshop/contracts';
import {
  createUser,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectNothingClipped,
  placeOrder,
  test,
} from '@toolshop/devstack/e2e';
import { createTools, pay, placeButton, status } from './quick-order-helpers';

/** Counts every click the page receives from here on (the count survives in-app navigation). */
async function countClicks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { clicks: number };
    w.clicks = 0;
    document.addEventListener('click', () => (w.clicks += 1), true);
  });
  return () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
}

test('a 20-line saved list is ordered again and paid: at most 5 clicks from the list to the payment page', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  test.slow();
  const id = randomUUID().slice(0, 8);
  const tools = await createTools(
    await apiAs('admin'),
    Array.from({ length: 20 }, (_, i) => ({
      name: `Workshop Part ${String(i + 1).padStart(2, '0')} ${id}`,
      price: 10 + i,
    })),
  );
  const customer = await apiAs(freshUser);
  // A repeat customer: an earlier order gives Quick Order its delivery address and phone.
  await placeOrder(customer);
  const name = `Monthly consumables ${id}`;
  await customer.post('/savedLists', {
    name,
    lines: tools.map((tool, i) => ({ toolId: tool._id, quantity: i + 1 })),
  });
  const total = tools.reduce((sum, tool, i) => sum + (i + 1) * tool.price, 0);

  await signIn(freshUser);
  await page.goto('/dashboard/lists');
  const list = page.getByRole('listitem', { name });
  await expect(list.getByRole('rowheader')).toHaveCount(20);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('saved-lists-1280.png'), fullPage: true });
  const clicks = await countClicks(page);
  const started = Date.now();

  await list.getByRole('link', { name: `Order this list: ${name}` }).click();
  await expect(status(page)).toHaveText('20 lines checked: every line can be ordered.');
  await expect(page.getByText(`Total ${formatDollars(total)}`)).toBeVisible();
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  await expect(
    page.getByRole('list', { name: 'Lines of this order' }).getByRole('listitem'),
  ).toHaveCount(20);
  const toPayment = await clicks();
  const toPaymentMs = Date.now() - started;
  await pay(page);
  const elapsed = Date.now() - started;
  test.info().annotations.push({
    type: 'reorder target',
    description: `${toPayment} clicks and ${toPaymentMs} ms from the list to the payment page; paid after ${elapsed} ms (${await clicks()} clicks)`,
  });
  expect(toPayment).toBeLessThanOrEqual(5);
  expect(elapsed).toBeLessThan(60_000);

  const orderId = page.url().split('/').pop()!;
  const order = await customer.get<Order>(`/orders/${orderId}`);
  expect(order).toMatchObject({ paid: true, totalPrice: total });
  expect(order.lines).toHaveLength(20);

  // The list of 20 lines fits a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/lists');
  await expect(page.getByRole('listitem', { name }).getByRole('rowheader')).toHaveCount(20);
  await expectNoSidewaysScroll(page);
  await expectNothingClipped(page);
  await page.screenshot({ path: test.info().outputPath('saved-lists-375.png'), fullPage: true });
});

test("a customer never sees another customer's list: not listed, not found by its id", async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const [tool] = await (await apiAs('admin')).get<Tool[]>('/tools');
  const owner = await apiAs(await createUser());
  const name = `Private list ${randomUUID().slice(0, 8)}`;
  const { insertedId } = await owner.post<{ insertedId: string }>('/savedLists', {
    name,
    lines: [{ toolId: tool!._id, quantity: tool!.minOrder }],
  });

  await signIn(freshUser);
  await page.goto('/dashboard/lists');
  await expect(page.getByText('No saved lists yet')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  await page.goto(`/dashboard/quickOrder?list=${insertedId}`);
  const notFound = page.getByRole('alert').filter({ hasText: BuyingMessages.listNotFound });
  await expect(notFound).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The API answers 404 (never 403) to anyone but the owner, and changes nothing.
  const other = await apiAs(freshUser);
  const body = { name: 'Taken over', lines: [] };
  expect((await other.request('PUT', `/savedLists/${insertedId}`, body)).status).toBe(404);
  expect((await other.request('DELETE', `/savedLists/${insertedId}`)).status).toBe(404);
  expect((await owner.get<SavedList[]>('/savedLists')).map((list) => list.name)).toEqual([name]);
});
