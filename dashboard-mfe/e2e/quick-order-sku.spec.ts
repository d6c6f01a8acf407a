// Quick Order takes a SKU (any case) or a name, offers products as a line
// is typed (a typeahead worked by the keyboard: Down/Up, Enter, Escape), and "Order this list" and
// "Order again" fill the box with "SKU — name" lines that the check reads back exactly.
import { randomUUID } from 'node:crypto';
import type { Order, SavedList, Tool } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  test,
} from '@toolshop/devstack/e2e';
import {
  createTools,
  openTwoLineOrder,
  placeButton,
  quickOrderLines,
  status,
} from './quick-order-helpers';

const shot = (name: string) => test.info().outputPath(name);
// Each test walks several pages and widths on a shared machine.
test.beforeEach(() => test.slow());
type Fixtures = Pick<
  Parameters<Parameters<typeof test>[2]>[0],
  'page' | 'signIn' | 'freshUser' | 'apiAs'
>;
type ToolSpec = Partial<Tool> & { name: string };

/**
 * A test with tools of its own: `specs` gets a suffix no other test uses (`id`), for their names
 * and SKUs; the admin creates them before `body` runs.
 */
function testWithTools(
  title: string,
  specs: (id: string) => ToolSpec[],
  body: (fixtures: Fixtures, id: string, tools: Tool[]) => Promise<void>,
) {
  // (Playwright reads the fixtures a test uses from its destructured first parameter)
  test(title, async ({ page, signIn, freshUser, apiAs }) => {
    const id = randomUUID().slice(0, 6).toUpperCase();
    const tools = await createTools(await apiAs('admin'), specs(id));
    await body({ page, signIn, freshUser, apiAs }, id, tools);
  });
}

testWithTools(
  'the typeahead offers products by SKU or name prefix and writes the picked one into the line',
  (id) => [
    { name: `Typeahead Drill ${id}`, sku: `TA${id}-DRILL`, price: 30 },
    { name: `Typeahead Saw ${id}`, sku: `TA${id}-SAW`, price: 40 },
  ],
  async ({ page, signIn, freshUser }, id, [drill, saw]) => {
    await signIn(freshUser);
    await page.goto('/dashboard/quickOrder');
    const lines = quickOrderLines(page);
    const offers = page.getByRole('listbox', { name: 'Matching products' });
    await expect(lines).toHaveAttribute('aria-autocomplete', 'list');

    // A SKU prefix in lower case: both products are offered, SKU first, none highlighted yet.
    await lines.click();
    await lines.pressSequentially(`ta${id.toLowerCase()}`);
    await expect(offers.getByRole('option')).toHaveText([
      `${drill!.sku} — ${drill!.name}`,
      `${saw!.sku} — ${saw!.name}`,
    ]);
    await expect(lines).toHaveAttribute('aria-controls', (await offers.getAttribute('id'))!);
    await expect(lines).not.toHaveAttribute('aria-activedescendant');
    await expectNoAxeViolations(page);
    for (const width of [375, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot(`typeahead-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Down, Down, Up: the first offer is highlighted (aria-selected, the field's active descendant).
    await lines.press('ArrowDown');
    await lines.press('ArrowDown');
    await lines.press('ArrowUp');
    const first = offers.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(lines).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expect(lines).toBeFocused();
    // Enter picks it: the line becomes "SKU — name, " and the quantity is typed after it.
    await lines.press('Enter');
    await expect(offers).toBeHidden();
    await expect(lines).toHaveValue(`${drill!.sku} — ${drill!.name}, `);
    await lines.pressSequentially('5');

    // Enter with the offers closed starts a new line; a name prefix, any case, is offered too.
    await lines.press('Enter');
    await lines.pressSequentially(`typeahead saw ${id.toLowerCase()}`);
    await expect(offers.getByRole('option')).toHaveText([`${saw!.sku} — ${saw!.name}`]);
    // Escape closes the offers and leaves the text and the focus as they were.
    await lines.press('Escape');
    await expect(offers).toBeHidden();
    await expect(lines).toBeFocused();
    await expect(lines).toHaveValue(
      `${drill!.sku} — ${drill!.name}, 5\ntypeahead saw ${id.toLowerCase()}`,
    );
    await lines.pressSequentially(', 2');

    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(status(page)).toHaveText('2 lines checked: every line can be ordered.');
    const row = (text: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: text }) });
    await expect(row(`${drill!.sku} — ${drill!.name}`)).toContainText('Ready');
    await expect(row(`${saw!.sku} — ${saw!.name}`)).toContainText('Ready');
    await expect(placeButton(page)).toBeEnabled();
  },
);

testWithTools(
  'a SKU in any case is ordered; Order this list and Order again write "SKU — name" lines that check back',
  (id) => [
    { name: `Sku Drill ${id}`, sku: `SK${id}-D`, price: 50 },
    { name: `Sku Blades ${id}`, sku: `SK${id}-B`, price: 5, minOrder: 5, packSize: 5 },
  ],
  async ({ page, signIn, freshUser, apiAs }, id, [drill, blades]) => {
    const customer = await apiAs(freshUser);
    const listName = `SKU list ${id}`;
    const quantities = [2, 10];
    await customer.post('/savedLists', {
      name: listName,
      lines: [drill, blades].map((tool, i) => ({ toolId: tool!._id, quantity: quantities[i] })),
    });
    const expected = `${drill!.sku} — ${drill!.name}, 2\n${blades!.sku} — ${blades!.name}, 10`;
    await signIn(freshUser);

    // A SKU typed in lower case is the product.
    await page.goto('/dashboard/quickOrder');
    await quickOrderLines(page).fill(`${drill!.sku!.toLowerCase()}, 3`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(status(page)).toHaveText('1 line checked: every line can be ordered.');

    // Order this list: the box holds "SKU — name, quantity", already checked.
    await page.goto('/dashboard/lists');
    await page.getByRole('link', { name: `Order this list: ${listName}` }).click();
    await expect(quickOrderLines(page)).toHaveValue(expected);
    await expect(status(page)).toHaveText('2 lines checked: every line can be ordered.');
    await expectNoAxeViolations(page);
    for (const width of [375, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: shot(`order-this-list-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Delivery address').fill('12 Elm Street, Springfield');
    await page.getByLabel('Phone').fill('+1 555 0100');
    await placeButton(page).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    const orderId = page.url().split('/').pop()!;
    const order = await customer.get<Order>(`/orders/${orderId}`);
    expect(order.lines?.map((line) => line.sku)).toEqual([drill!.sku, blades!.sku]);

    // My Orders shows each line's SKU; Order again writes the same lines, checked at once.
    const orderRow = await openTwoLineOrder(page, drill!.name);
    await expect(
      orderRow
        .getByRole('list', { name: /^Lines of / })
        .getByRole('listitem')
        .first(),
    ).toContainText(`${drill!.sku} — ${drill!.name}`);
    for (const width of [375, 1920, 1280]) {
      // Opened at each width (the phone's menu slides away after a resize); the lines wrap on a phone.
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/myOrders');
      await orderRow.getByText('2 lines').click();
      await expect(orderRow.getByRole('listitem').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot(`my-orders-sku-${width}.png`), fullPage: true });
    }
    await orderRow.getByRole('link', { name: `Order again: ${drill!.name} and 1 more` }).click();
    await expect(quickOrderLines(page)).toHaveValue(expected);
    await expect(status(page)).toHaveText('2 lines checked: every line can be ordered.');
    const lists = await customer.get<SavedList[]>('/savedLists');
    expect(lists.find((list) => list.name === listName)?.lines.map((line) => line.sku)).toEqual([
      drill!.sku,
      blades!.sku,
    ]);
  },
);

testWithTools(
  'My Orders shows the SKU of a single-tool order, whole on one line',
  (id) => [{ name: `Sku Single ${id}`, sku: `SD5-${id}` }],
  async ({ page, signIn, freshUser, apiAs }, id, [tool]) => {
    const customer = await apiAs(freshUser);
    await customer.post('/orders', {
      toolId: tool!._id,
      orderQuantity: 1,
      address: '1 Main St',
      phone: '555-0100',
    });
    await signIn(freshUser);
    await page.goto('/dashboard/myOrders');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: tool!.name }) });
    await expect(row.getByRole('rowheader')).toContainText(`SKU SD5-${id}`);
    await expectNoAxeViolations(page);
    // The code goes to a line of its own whole where "SKU SD5-" would fit and the rest would not.
    const code = row.getByRole('rowheader').getByText(`SD5-${id}`, { exact: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const lines = await code.evaluate((element) => {
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        return Math.round(element.getBoundingClientRect().height / lineHeight);
      });
      expect(lines, `lines of the SKU at ${width} px`).toBe(1);
    }
  },
);
