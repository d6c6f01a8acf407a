// A product's SKU is on its card in the storefront and on its page.
import type { Tool } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  test,
} from '@toolshop/devstack/e2e';

test('each card and the tool page show the product’s SKU', async ({ page, apiAs, signIn }) => {
  const tools = await (await apiAs(null)).get<Tool[]>('/tools');
  // A seeded product (every one has a SKU): others' tests add and delete their own meanwhile.
  const tool = tools.find((candidate) => candidate.name === 'Cordless Drill Driver 18V')!;
  expect(tool.sku).toBe('DRL-18V');
  // Found by its name: the grid shows the newest first, a step at a time.
  await page.goto(`/?q=${encodeURIComponent(tool.name)}`);
  const card = page
    .getByRole('region', { name: 'Tools built for the job site' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: tool.name, exact: true }) });
  await expect(card.getByText(`SKU ${tool.sku}`, { exact: true })).toBeVisible();
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`card-sku-${width}.png`) });
  }

  // The tool page is for signed-in customers.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn('customer');
  await page.goto(`/tools/${tool._id}`);
  const facts = page.getByRole('article', { name: tool.name });
  await expect(facts.getByRole('definition').filter({ hasText: tool.sku! })).toBeVisible();
  await expect(facts.getByRole('term').filter({ hasText: 'SKU' })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: test.info().outputPath(`tool-page-sku-${width}.png`),
      fullPage: true,
    });
  }
});
