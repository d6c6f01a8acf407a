// A product's name, picture, description and category are edited on Manage
// Products (PATCH /tools/{id}, audited: the Audit Log names it, before → after); Delete is a quiet
// text button, not the largest control of each row.
import { randomUUID } from 'node:crypto';
import type { Tool } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';

test('an admin edits a product’s name, description and category; the audit log shows before → after', async ({
  page,
  signIn,
  apiAs,
}) => {
  test.slow();
  const admin = await apiAs('admin');
  const [existing] = await admin.get<Tool[]>('/tools');
  const suffix = randomUUID().slice(0, 6);
  const name = `E2E Details ${suffix}`;
  const renamed = `E2E Renamed ${suffix}`;
  const { insertedId } = await admin.post<{ insertedId: string }>('/tools', {
    name,
    img: existing!.img,
    shortDescription: 'Before the edit',
    minOrder: 0,
    available: 5,
    price: 10,
  });
  await signIn('admin');

  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/manageProducts');
    const row = page.getByRole('row', { name: new RegExp(name) });
    const edit = row.getByRole('button', { name: `Edit details of ${name}` });
    const remove = row.getByRole('button', { name: `Delete ${name}` });
    await expect(edit).toBeVisible();
    const size = async (control: typeof edit) => {
      const box = (await control.boundingBox())!;
      return box.width * box.height;
    };
    // Delete is the smallest of the row's actions, never the largest.
    expect(await size(remove)).toBeLessThan(await size(edit));
    await page.screenshot({
      path: test.info().outputPath(`manage-products-${width}.png`),
      fullPage: true,
    });
  }

  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Edit details of ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByLabel('Short description').fill('After the edit');
  await dialog.getByLabel('Category').selectOption('Sanders');
  await page.screenshot({ path: test.info().outputPath('edit-details-dialog.png') });
  await expectNoAxeViolations(page, 'dialog');
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toContainText('Sanders');

  const saved = await admin.get<Tool>(`/tools/${insertedId}`);
  expect(saved).toMatchObject({
    name: renamed,
    shortDescription: 'After the edit',
    category: 'Sanders',
  });

  await page.goto('/dashboard/auditLog');
  const entry = page
    .getByRole('row', { name: /Changed a product/ })
    .filter({ hasText: renamed })
    .first();
  await expect(entry).toContainText(`name: ${name} → ${renamed}`);
  await expect(entry).toContainText('category: Other → Sanders');
  await page.screenshot({ path: test.info().outputPath('audit-log.png'), fullPage: true });
  await admin.delete(`/tools/${insertedId}`);
});
