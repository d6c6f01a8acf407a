import {
  BuyingMessages,
  Messages,
  type InsertedAnswer,
  type Order,
  type Tool,
} from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  stack,
  test,
} from '@toolshop/devstack/e2e';

// The order form of a tool sold in packs of 5 with a price break from 50 units.
for (const width of [1280, 375]) {
  test(`at ${width} px the order form steps by the pack, refuses part of one, and prices by the tier`, async ({
    page,
    signIn,
    freshUser,
    apiAs,
  }) => {
    const admin = await apiAs('admin');
    const { insertedId } = await admin.post<InsertedAnswer>('/tools', {
      name: `E2E Blade Box ${width} ${Date.now()}`,
      img: `${stack.api}/images/jigsaw.webp`,
      shortDescription: 'Sold in boxes of 5',
      minOrder: 10,
      // Not a whole number of packs: 60 is the most that can be ordered.
      available: 62,
      price: 20,
      packSize: 5,
      priceTiers: [{ minQuantity: 50, price: 18 }],
    });
    try {
      await signIn(freshUser);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/tools/${insertedId}`);
      const form = page.getByRole('form', { name: 'Place your order' });
      const quantity = form.getByLabel('Quantity');
      const submit = form.getByRole('button', { name: 'Place order' });
      const tiers = form.getByRole('table', { name: 'Price per unit by quantity' });
      const applying = tiers.locator('tr[aria-current="true"]');
      const unitPrice = form
        .getByText('Unit price', { exact: true })
        .locator('xpath=following-sibling::strong');
      const total = form
        .getByText('Total', { exact: true })
        .locator('xpath=following-sibling::strong');

      await expect(page.getByText('Down to $18 per unit from 50 units')).toBeVisible();
      await expect(
        form.getByText('Sold in packs of 5: between 10 and 60 units, 5 at a time'),
      ).toBeVisible();
      await expect(quantity).toHaveValue('10');
      await expect(applying).toHaveText(/10–49/);
      await expect(unitPrice).toHaveText('$20');
      await expect(total).toHaveText('$200');
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // The arrow keys step by a whole pack.
      await quantity.press('ArrowUp');
      await expect(quantity).toHaveValue('15');
      await expect(total).toHaveText('$300');

      await quantity.fill('12');
      // From the minimum on: "order 10, 15, 20…", not "order 5, 10, 15…" at a minimum of 10.
      await expect(form.getByText(BuyingMessages.packMultiple(5, 10))).toBeVisible();
      await expect(form.getByText('Sold in packs of 5: order 10, 15, 20…')).toBeVisible();
      await expect(submit).toBeDisabled();
      await expect(total).toHaveText('—');
      await quantity.fill('65');
      await expect(form.getByText(Messages.invalidQuantity)).toBeVisible();

      await quantity.fill('50');
      await expect(applying).toHaveText(/50\+/);
      await expect(unitPrice).toHaveText('$18');
      await expect(total).toHaveText('$900');
      await expect(submit).toBeEnabled();
      await page.screenshot({
        path: test.info().outputPath(`buying-terms-${width}.png`),
        fullPage: true,
      });

      await form.getByLabel('Delivery address').fill('5 Workshop Row');
      await form.getByLabel('Phone').fill('0100');
      await submit.click();
      await expect(form.getByRole('status')).toContainText('$900');

      const customer = await apiAs(freshUser);
      const mine = await customer.get<Order[]>(
        `/orders?email=${encodeURIComponent(freshUser.email)}`,
      );
      expect(mine).toEqual([
        expect.objectContaining({
          toolId: insertedId,
          orderQuantity: 50,
          unitPrice: 18,
          totalPrice: 900,
        }),
      ]);
      // The server refuses a part of a pack too, with the same words.
      const refused = await customer.request('POST', '/orders', {
        toolId: insertedId,
        address: '5 Workshop Row',
        phone: '0100',
        orderQuantity: 12,
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        BuyingMessages.packMultiple(5, 10),
      );
    } finally {
      await admin.delete(`/tools/${insertedId}`);
    }
  });
}

test('the grid card shows the lowest tier price and the pack', async ({ page, apiAs }) => {
  const tools = await (await apiAs(null)).get<Tool[]>('/tools');
  const tiered = tools.find((tool) => tool.priceTiers?.length && !tool.name.startsWith('E2E'));
  const packed = tools.find((tool) => (tool.packSize ?? 1) > 1 && !tool.name.startsWith('E2E'));
  if (!tiered || !packed) throw new Error('the seed has a tool with tiers and one sold in packs');
  // Searched by name: the grid's first page may be full of newer tools.
  const card = async (tool: Tool) => {
    await page.goto(`/?q=${encodeURIComponent(tool.name)}`);
    return page.getByRole('article', { name: tool.name });
  };
  const tieredCard = await card(tiered);
  await expect(tieredCard).toContainText(`from $${tiered.priceTiers!.at(-1)!.price} / unit`);
  await tieredCard.screenshot({ path: test.info().outputPath('card-tiers.png') });
  const packedCard = await card(packed);
  await expect(packedCard).toContainText(`${packed.minOrder} · packs of ${packed.packSize}`);
  await packedCard.screenshot({ path: test.info().outputPath('card-pack.png') });
});
