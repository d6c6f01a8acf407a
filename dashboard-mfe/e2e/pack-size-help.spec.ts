import { randomUUID } from 'node:crypto';
import { BuyingMessages } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, stack, test } from '@toolshop/devstack/e2e';

// Pack-size help offers only quantities that can be ordered (never below the
// minimum), a one-click round-up, and quick order offers to merge a product listed twice.

test('quick order offers the nearest valid quantities, rounds up in one click and merges duplicate lines', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const admin = await apiAs('admin');
  const name = `Blade Box ${randomUUID().slice(0, 8)}`;
  await admin.post('/tools', {
    name,
    img: `${stack.api}/images/cordless-drill.webp`,
    shortDescription: 'Sold in packs of 5, from 10.',
    minOrder: 10,
    packSize: 5,
    available: 500,
    price: 4,
  });
  await signIn(freshUser);
  const lines = page.getByLabel('Products and quantities');
  const status = page.getByRole('status').filter({ hasText: /checked/ });

  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/quickOrder');
    await lines.fill(`${name}, 12`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    // From the minimum on: not "order 5, 10, 15…" at a minimum of 10.
    await expect(page.getByText(BuyingMessages.packMultiple(5, 10))).toBeVisible();
    await expect(page.getByText('Sold in packs of 5: order 10, 15, 20…')).toBeVisible();
    await expect(page.getByRole('button', { name: `Use 10 (${name})` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`pack-help-${width}.png`),
      fullPage: true,
    });
  }

  await page.getByRole('button', { name: `Round up to 15 (${name})` }).click();
  await expect(lines).toHaveValue(`${name}, 15`);
  await expect(status).toHaveText('1 line checked: every line can be ordered.');

  // Below the minimum: the minimum is offered, nothing smaller.
  await lines.fill(`${name}, 3`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(page.getByRole('button', { name: `Round up to 10 (${name})` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Use \d+ / })).toHaveCount(0);

  // The same product twice: one click merges the lines.
  await lines.fill(`${name}, 10\n${name.toLowerCase()}, 20`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(page.getByText(BuyingMessages.listedTwice)).toBeVisible();
  await page.getByRole('button', { name: `Merge the lines of ${name}` }).click();
  await expect(lines).toHaveValue(`${name}, 30`);
  await expect(status).toHaveText('1 line checked: every line can be ordered.');
  await page.screenshot({ path: test.info().outputPath('pack-help-merged.png'), fullPage: true });
});
