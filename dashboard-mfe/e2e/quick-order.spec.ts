// Quick Order in the composed shop: lines with problems are checked, corrected, placed
// as one order and paid; My Orders shows its lines and orders them again.
import { randomUUID } from 'node:crypto';
import { BuyingMessages, formatDollars, type Order } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectNothingClipped,
  test,
} from '@toolshop/devstack/e2e';
import {
  createTools,
  openTwoLineOrder,
  pay,
  placeButton,
  quickOrderLines,
  status,
} from './quick-order-helpers';

test('a quick order with bad lines shows each problem, is corrected, placed as one order and paid', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const id = randomUUID().slice(0, 8);
  const [drill, blades] = await createTools(await apiAs('admin'), [
    { name: `Quick Drill ${id}`, price: 129 },
    { name: `Quick Blades ${id}`, price: 9, minOrder: 5, packSize: 5 },
  ]);
  const customer = await apiAs(freshUser);
  await signIn(freshUser);
  await page.goto('/dashboard/quickOrder');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
  await expect(placeButton(page)).toBeDisabled();

  await quickOrderLines(page).fill(
    [
      `${drill!.name}, 2`,
      `${blades!.name.toUpperCase()}, 7`,
      `No Such Tool ${id}, 1`,
      'a line without a quantity',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(status(page)).toHaveText(
    '4 lines checked: 3 need attention. Correct them and check again.',
  );
  const row = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row(blades!.name)).toContainText(BuyingMessages.packMultiple(5));
  await expect(row(`No Such Tool ${id}`)).toContainText(
    BuyingMessages.unknownProduct(`No Such Tool ${id}`),
  );
  await expect(row('a line without a quantity')).toContainText(BuyingMessages.lineFormat);
  await expect(row(drill!.name)).toContainText('$258');
  await expect(placeButton(page)).toBeDisabled();
  await expectNoAxeViolations(page);

  await quickOrderLines(page).fill(`${drill!.name}, 2\n${blades!.name}, 10`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(status(page)).toHaveText('2 lines checked: every line can be ordered.');
  await expect(page.getByText(`Total ${formatDollars(2 * 129 + 10 * 9)}`)).toBeVisible();
  // A phone: the table becomes cards, nothing scrolls sideways or is cut off.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectNothingClipped(page);
  await page.screenshot({ path: test.info().outputPath('quick-order-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A fresh customer has no earlier order to take the delivery from.
  await placeButton(page).click();
  await expect(page.getByLabel('Delivery address')).toBeFocused();
  await page.getByLabel('Delivery address').fill('12 Elm Street, Springfield');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await placeButton(page).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop()!;
  const lines = page.getByRole('list', { name: 'Lines of this order' });
  await expect(lines.getByRole('listitem')).toHaveText([
    `${drill!.name}× 2 @ $129 = $258`,
    `${blades!.name}× 10 @ $9 = $90`,
  ]);
  await expect(page.getByText(`${drill!.name} and 1 more`)).toBeVisible();
  await expectNoAxeViolations(page);
  await pay(page);
  const order = await customer.get<Order>(`/orders/${orderId}`);
  expect(order).toMatchObject({ paid: true, totalPrice: 348, orderQuantity: 12 });
  expect(order.lines?.map((line) => [line.toolId, line.orderQuantity])).toEqual([
    [drill!._id, 2],
    [blades!._id, 10],
  ]);

  // My Orders lists the lines under the order (a phone too); Order again opens Quick Order with
  // them, checked, and the order's delivery.
  const orderRow = await openTwoLineOrder(page, drill!.name);
  await expect(
    orderRow.getByRole('list', { name: `Lines of ${drill!.name} and 1 more` }),
  ).toContainText(`${blades!.name}× 10 @ $9 = $90`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectNothingClipped(page);
  await page.screenshot({
    path: test.info().outputPath('my-orders-lines-375.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await orderRow.getByRole('link', { name: `Order again: ${drill!.name} and 1 more` }).click();
  await expect(page).toHaveURL(/\/dashboard\/quickOrder$/);
  await expect(status(page)).toHaveText('2 lines checked: every line can be ordered.');
  await expect(page.getByLabel('Delivery address')).toHaveValue('12 Elm Street, Springfield');
  await expect(placeButton(page)).toBeEnabled();
});
