import { randomUUID } from 'node:crypto';
import {
  BuyingMessages,
  Messages,
  RuleMessages,
  type InsertedAnswer,
  type Tool,
} from '@toolshop/contracts';
import { createUser, expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';

// An admin sells a tool in packs with price tiers, the storefront shows them, and an edit
// of the pack and prices changes what its detail page shows.
test('a tool added in packs with tiers shows so in the shop, and "Edit pack & prices" changes it', async ({
  page,
  signIn,
  apiAs,
}) => {
  test.slow();
  const admin = await apiAs('admin');
  const [existing] = await admin.get<Tool[]>('/tools');
  const name = `E2E Screw Box ${randomUUID().slice(0, 6)}`;
  await signIn('admin');

  await page.goto('/dashboard/addProduct');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Image link').fill(existing!.img);
  await page.getByLabel('Short description').fill('Boxes of 5 for the browser tests');
  await page.getByLabel('Minimum order').fill('10');
  await page.getByLabel('Available').fill('300');
  await page.getByLabel('Price ($)').fill('40');
  await page.getByLabel('Category').selectOption('Accessories');
  // Marked low, so it is on the first page of Manage Products (low stock first).
  await page.getByLabel('Low-stock threshold').fill('1000');
  await page.getByLabel('Pack size').fill('5');
  const addTier = page.getByRole('button', { name: 'Add a price tier' });
  await addTier.click();
  await addTier.click();
  await page.getByLabel('From quantity of tier 1').fill('50');
  await page.getByLabel('Unit price ($) of tier 1').fill('36');
  await page.getByLabel('From quantity of tier 2').fill('100');
  await page.getByLabel('Unit price ($) of tier 2').fill('38');
  await page.getByRole('button', { name: 'Add product' }).click();
  // Prices never rise with the quantity: the second tier is refused at its price.
  await expect(page.getByLabel('Unit price ($) of tier 2')).toBeFocused();
  await expect(page.getByText(BuyingMessages.tierPrice)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Unit price ($) of tier 2').fill('32');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText(Messages.productAdded)).toBeVisible();

  const added = (await admin.get<Tool[]>(`/tools?q=${encodeURIComponent(name)}`)).find(
    (tool) => tool.name === name,
  );
  expect(added).toMatchObject({
    packSize: 5,
    priceTiers: [
      { minQuantity: 50, price: 36 },
      { minQuantity: 100, price: 32 },
    ],
  });
  try {
    await page.goto(`/?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('from $32 / unit');
    await expect(card).toContainText('10 · packs of 5');

    await page.goto(`/tools/${added!._id}`);
    const form = page.getByRole('form', { name: 'Place your order' });
    await expect(
      form.getByText('Sold in packs of 5: between 10 and 300 units, 5 at a time'),
    ).toBeVisible();
    const rows = form.getByRole('table', { name: 'Price per unit by quantity' }).getByRole('row');
    await expect(rows).toHaveText(['QuantityUnit price', /^10–49/, /^50–99/, /^100\+/]);

    await page.goto('/dashboard/manageProducts');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('packs of 5');
    await row.getByRole('button', { name: `Edit pack & prices of ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Pack size')).toHaveValue('5');
    await dialog.getByLabel('Pack size').fill('10');
    await dialog.getByRole('button', { name: 'Remove tier 2' }).click();
    await dialog.getByLabel('Unit price ($) of tier 1').fill('35');
    await expectNoAxeViolations(page, 'dialog');
    await page.screenshot({
      path: test.info().outputPath('edit-pack-and-prices.png'),
      fullPage: true,
    });
    await dialog.getByRole('button', { name: 'Save pack & prices' }).click();
    await expect(page.getByText(`Pack and prices of ${name} saved`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('packs of 10');

    await page.goto(`/tools/${added!._id}`);
    await expect(
      form.getByText('Sold in packs of 10: between 10 and 300 units, 10 at a time'),
    ).toBeVisible();
    await expect(rows).toHaveText(['QuantityUnit price', /^10–49/, /^50\+/]);
    await form.getByLabel('Quantity').fill('60');
    await expect(
      form.getByText('Total', { exact: true }).locator('xpath=following-sibling::strong'),
    ).toHaveText('$2,100');
    await form.getByLabel('Quantity').fill('15');
    await expect(form.getByText(BuyingMessages.packMultiple(10))).toBeVisible();
  } finally {
    await admin.delete(`/tools/${added!._id}`);
  }
});

test("the API's refusal of an edit shows at its field: the stock fell below the new minimum meanwhile", async ({
  page,
  signIn,
  apiAs,
}) => {
  const admin = await apiAs('admin');
  const [existing] = await admin.get<Tool[]>('/tools');
  const { insertedId } = await admin.post<InsertedAnswer>('/tools', {
    name: `E2E Edit Refused ${randomUUID().slice(0, 6)}`,
    img: existing!.img,
    shortDescription: 'edit refusal test',
    minOrder: 10,
    available: 40,
    price: 10,
    packSize: 5,
    // Low stock, so it is on the first page of Manage Products.
    lowStockThreshold: 1000,
  });
  try {
    const tool = await admin.get<Tool>(`/tools/${insertedId}`);
    await signIn('admin');
    await page.goto('/dashboard/manageProducts');
    await page.getByRole('button', { name: `Edit pack & prices of ${tool.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Minimum order').fill('40');

    // A customer orders 10 of the 40 while the dialog is open.
    await (
      await apiAs(await createUser())
    ).post('/orders', {
      toolId: insertedId,
      address: '1 Race Lane',
      phone: '0100',
      orderQuantity: 10,
    });
    await dialog.getByRole('button', { name: 'Save pack & prices' }).click();
    await expect(dialog.getByLabel('Minimum order')).toHaveAccessibleDescription(
      RuleMessages.minOrderAboveStock,
    );
    await expect(dialog.getByLabel('Minimum order')).toBeFocused();
    expect((await admin.get<Tool>(`/tools/${insertedId}`)).minOrder).toBe(10);
  } finally {
    await admin.delete(`/tools/${insertedId}`);
  }
});
