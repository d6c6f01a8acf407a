// The SKU in the admin: an admin sets a product's SKU on Add A Product and in "Edit details"
// (typed in any case, kept upper-case, unique: another product's SKU is refused at the field);
// Manage Products lists it and finds it by a part of it; the Audit Log shows the change as
// before → after.
import { randomUUID } from 'node:crypto';
import { SkuMessages, type Tool } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';

const shots = (name: string) => test.info().outputPath(name);
// Each test walks several pages and widths on a shared machine.
test.beforeEach(() => test.slow());
/** A pattern matching `text` literally (in an accessible description). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
type ApiAs = Parameters<Parameters<typeof test>[2]>[0]['apiAs'];

/** The admin's API client, a picture the API serves and a suffix no other test uses. */
async function setUp(apiAs: ApiAs) {
  const admin = await apiAs('admin');
  const [existing] = await admin.get<Tool[]>('/tools');
  return { admin, img: existing!.img, suffix: randomUUID().slice(0, 6).toUpperCase() };
}

test('an admin adds a product with a SKU, sees it listed, and cannot reuse it', async ({
  page,
  signIn,
  apiAs,
}) => {
  const { admin, img, suffix } = await setUp(apiAs);
  const name = `E2E Sku Saw ${suffix}`;
  const sku = `E2E-${suffix}`;
  await signIn('admin');
  await page.goto('/dashboard/addProduct');
  const fill = async (productName: string, typedSku: string) => {
    await page.getByLabel('Name').fill(productName);
    await page.getByLabel('Image link').fill(img);
    await page.getByLabel('Short description').fill('A saw with a SKU');
    await page.getByLabel('Minimum order').fill('0');
    await page.getByLabel('Available').fill('5');
    await page.getByLabel('Price ($)').fill('10');
    await page.getByLabel('SKU').fill(typedSku);
  };
  // A malformed SKU is refused at its field before anything is sent.
  await fill(name, 'not a sku');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('SKU')).toHaveAccessibleDescription(containing(SkuMessages.invalid));
  await expect(page.getByLabel('SKU')).toBeFocused();
  // Typed in lower case: stored and shown upper-case.
  await page.getByLabel('SKU').fill(sku.toLowerCase());
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('');
  const added = (await admin.get<Tool[]>('/tools')).find((tool) => tool.name === name)!;
  expect(added.sku).toBe(sku);

  // Another product with the same SKU: the API's 409 is shown at the SKU field.
  await fill(`${name} Twin`, sku);
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByLabel('SKU')).toHaveAccessibleDescription(
    containing(SkuMessages.taken(sku)),
  );
  await expect(page.getByLabel('SKU')).toBeFocused();
  await expectNoAxeViolations(page);
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shots(`add-product-sku-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/dashboard/manageProducts');
  // Found among all products by its SKU (which its name does not hold), typed in any case.
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(sku.toLowerCase());
  await search.press('Enter');
  await expect(
    page.getByRole('table', { name: `Products matching “${sku.toLowerCase()}”` }),
  ).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the product
  const row = page.getByRole('row', { name: new RegExp(name) });
  // Under the product's name and category, announced as the SKU.
  await expect(row.getByRole('cell', { name: new RegExp(`SKU\\s*${sku}$`) })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row).toContainText(sku);
    await page.screenshot({ path: shots(`manage-products-sku-${width}.png`), fullPage: true });
  }
  await admin.delete(`/tools/${added._id}`);
});

test('an admin changes a SKU in Edit details; another product’s is refused; the audit log shows it', async ({
  page,
  signIn,
  apiAs,
}) => {
  const { admin, img, suffix } = await setUp(apiAs);
  const name = `E2E Sku Edit ${suffix}`;
  const add = (productName: string, sku: string) =>
    admin.post<{ insertedId: string }>('/tools', {
      name: productName,
      sku,
      img,
      shortDescription: 'Before the edit',
      minOrder: 0,
      available: 5,
      price: 10,
    });
  const { insertedId } = await add(name, `OLD-${suffix}`);
  const other = await add(`E2E Sku Other ${suffix}`, `TAKEN-${suffix}`);
  await signIn('admin');
  await page.goto('/dashboard/manageProducts');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Edit details of ${name}` }).click();
  const dialog = page.getByRole('dialog');
  const skuField = dialog.getByLabel('SKU');
  await expect(skuField).toHaveValue(`OLD-${suffix}`);

  await skuField.fill(`taken-${suffix.toLowerCase()}`);
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(skuField).toHaveAccessibleDescription(
    containing(SkuMessages.taken(`TAKEN-${suffix}`)),
  );
  await expect(skuField).toBeFocused();
  await expectNoAxeViolations(page, 'dialog');
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shots(`edit-details-sku-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await skuField.fill(`new-${suffix.toLowerCase()}`);
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: new RegExp(`SKU\\s*NEW-${suffix}$`) })).toBeVisible();
  expect((await admin.get<Tool>(`/tools/${insertedId}`)).sku).toBe(`NEW-${suffix}`);

  await page.goto('/dashboard/auditLog');
  const entry = page
    .getByRole('row', { name: /Changed a product/ })
    .filter({ hasText: name })
    .first();
  await expect(entry).toContainText(`sku: OLD-${suffix} → NEW-${suffix}`);
  await admin.delete(`/tools/${insertedId}`);
  await admin.delete(`/tools/${other.insertedId}`);
});
