import { Messages, type Tool } from '@toolshop/contracts';
import { expect, test } from '@toolshop/devstack/e2e';
import type { Locator } from '@playwright/test';

// A toast covers neither the navbar's email and Sign Out (1280 px) nor the page's heading (375 px).
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

for (const width of [1280, 375]) {
  test(`at ${width} px a toast leaves the navbar's account controls and the page heading uncovered`, async ({
    page,
    signIn,
    freshUser,
    apiAs,
  }) => {
    const tools = await (await apiAs(null)).get<Tool[]>('/tools');
    const tool = tools.find((t) => t.name === 'Circular Saw 185 mm') ?? tools[0];
    await signIn(freshUser);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/tools/${tool?._id}`);
    const form = page.getByRole('form', { name: 'Place your order' });
    await form.getByLabel('Delivery address').fill('12 Elm Street, Springfield');
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByRole('button', { name: 'Place order' }).click();
    // The whole toast (react-toastify's own class), measured once its entrance animation has settled.
    const toast = page.locator('.Toastify__toast').filter({ hasText: Messages.ordered });
    await expect(toast).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect
      .poll(async () => {
        const before = await box(toast);
        await page.waitForTimeout(150);
        const after = await box(toast);
        return before.x === after.x && before.y === after.y;
      })
      .toBe(true);
    const toastBox = await box(toast);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const covered: Locator[] = [page.getByRole('heading', { level: 1 })];
    if (width >= 768)
      covered.push(nav.getByText(freshUser.email), nav.getByRole('button', { name: 'Sign Out' }));
    else covered.push(nav.getByRole('button', { name: 'Menu' }));
    for (const target of covered)
      expect(overlaps(toastBox, await box(target)), String(target)).toBe(false);
  });
}
