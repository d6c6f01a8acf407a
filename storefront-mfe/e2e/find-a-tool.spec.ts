import type { Page } from '@playwright/test';
import axe from 'axe-core';
import type { Tool } from '@toolshop/contracts';
import { expect, stack, test } from '@toolshop/devstack/e2e';

// Search, category, stock and sort of the home grid, kept in the URL.

/** WCAG 2.1 A/AA rule ids axe finds broken in the grid (axe evaluated through the debugging protocol: the CSP refuses script tags). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(
      { include: [['#tools']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
  });
}
test('the home grid finds tools, and its URL reproduces the view', async ({
  page,
  signIn,
  apiAs,
}) => {
  const api = await apiAs(null);
  const saws = await api.get<Tool[]>('/tools?category=Saws&sort=price');
  expect(saws.length).toBeGreaterThan(1);

  await signIn('customer'); // Buy Now opens a signed-in page
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/?category=Saws&sort=price');
  const grid = page.getByRole('region', { name: 'Tools built for the job site' });
  const cards = grid.getByRole('article');
  await expect(grid.getByLabel('Category')).toHaveValue('Saws');
  await expect(grid.getByLabel('Sort by')).toHaveValue('price');
  await expect(grid.getByRole('status')).toHaveText(`${saws.length} tools`);
  await expect(cards.getByRole('heading')).toHaveText(saws.map((tool) => tool.name));
  expect(await axeViolations(page)).toEqual([]);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Choosing in the controls changes the URL; the same URL in a new visit shows the same view.
  await grid.getByLabel('Sort by').selectOption('-price');
  await grid.getByLabel('In stock only').check();
  await grid.getByLabel('Search tools').fill('saw');
  // The search runs after a pause in typing; focus stays in the box while the view changes.
  await expect(page).toHaveURL(`${stack.shell}/?q=saw&category=Saws&inStock=true&sort=-price`);
  await expect(grid.getByLabel('Search tools')).toBeFocused();
  await grid.getByLabel('Search tools').fill('sa');
  await grid.getByLabel('In stock only').uncheck();
  await grid.getByLabel('In stock only').check(); // the typed text goes along at once
  await grid.getByLabel('Search tools').fill('saw');
  await expect(page).toHaveURL(`${stack.shell}/?q=saw&category=Saws&inStock=true&sort=-price`);
  const expected = await api.get<Tool[]>('/tools?q=saw&category=Saws&inStock=true&sort=-price');
  await expect(cards.getByRole('heading')).toHaveText(expected.map((tool) => tool.name));
  await page.reload();
  await expect(grid.getByLabel('Search tools')).toHaveValue('saw');
  await expect(grid.getByLabel('In stock only')).toBeChecked();
  await expect(cards.getByRole('heading')).toHaveText(expected.map((tool) => tool.name));
  await expect(grid.getByRole('status')).toHaveText(`${expected.length} tools`);

  // Buy Now still opens the tool.
  await cards.first().getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(`${stack.shell}/tools/${expected[0]!._id}`);
});

test('a search that finds nothing says so and clears back to every tool', async ({
  page,
  apiAs,
}) => {
  const all = await (await apiAs(null)).get<Tool[]>('/tools');
  await page.goto('/?q=no-such-tool-xyz&category=Grinders');
  const grid = page.getByRole('region', { name: 'Tools built for the job site' });
  await expect(grid.getByText('No tools match these filters')).toBeVisible();
  await expect(grid.getByRole('status')).toHaveText('0 tools');
  expect(await axeViolations(page)).toEqual([]);
  await grid.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(`${stack.shell}/`);
  await expect(grid.getByLabel('Search tools')).toHaveValue('');
  await expect(grid.getByLabel('Category')).toHaveValue('');
  await expect(grid.getByRole('article').first()).toBeVisible();
  // Other specs add and delete tools meanwhile: at least the tools there were before.
  expect(await grid.getByRole('article').count()).toBeGreaterThanOrEqual(
    Math.min(all.length, 8) - 1,
  );
});

// A typo still finds the tool, Back returns to the previous filter, and the
// sort's longest choice is not cut on a phone.
test('a search with a small typo ("drils") finds the drills at every width', async ({ page }) => {
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const grid = page.getByRole('region', { name: 'Tools built for the job site' });
    await expect(grid.getByRole('article').first()).toBeVisible();
    await grid.getByLabel('Search tools').fill('drils');
    await expect(page).toHaveURL(/[?&]q=drils/);
    await expect(grid.getByRole('heading', { name: 'Cordless Drill Driver 18V' })).toBeVisible();
    await expect(grid.getByText('No tools match these filters')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await grid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`search-typo-${width}.png`) });
  }
});

test('Back after changing filters returns to the previous filter, not off the site', async ({
  page,
}) => {
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'Tools built for the job site' });
  await expect(grid.getByRole('article').first()).toBeVisible();
  await grid.getByLabel('Category').selectOption('Saws');
  await expect(page).toHaveURL(`${stack.shell}/?category=Saws`);
  await grid.getByLabel('Sort by').selectOption('price');
  await expect(page).toHaveURL(`${stack.shell}/?category=Saws&sort=price`);
  // Typing is one step, however often it pauses.
  await grid.getByLabel('Search tools').pressSequentially('saw', { delay: 400 });
  await expect(page).toHaveURL(`${stack.shell}/?q=saw&category=Saws&sort=price`);

  await page.goBack();
  await expect(page).toHaveURL(`${stack.shell}/?category=Saws&sort=price`);
  await expect(grid.getByLabel('Search tools')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(`${stack.shell}/?category=Saws`);
  await expect(grid.getByLabel('Sort by')).toHaveValue('-createdAt');
  await page.goBack();
  await expect(page).toHaveURL(`${stack.shell}/`);
  await expect(grid.getByLabel('Category')).toHaveValue('');
});

test('at 375 px the sort control shows "Price: low to high" whole', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/?sort=price');
  const sort = page
    .getByRole('region', { name: 'Tools built for the job site' })
    .getByLabel('Sort by');
  await expect(sort).toHaveValue('price');
  // The text's width in the select's own font, against the room inside it (padding and arrow off).
  const { text, room } = await sort.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const label = select.selectedOptions[0]?.text ?? '';
    const arrow = 24;
    return {
      text: context.measureText(label).width,
      room:
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow,
    };
  });
  expect(text).toBeLessThanOrEqual(room);
  await sort.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('sort-at-375.png') });
});
