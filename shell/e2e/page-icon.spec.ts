// Chromium decodes the page's icon again at every client-side navigation, on the main thread, while
// the new page renders. An SVG icon is a document of its own to build (10-21 ms of each navigation at
// 4x CPU); the shop's icon is a small PNG, a fraction of a millisecond to decode.
import { expect, test } from '@toolshop/devstack/e2e';

test('a client-side navigation builds no SVG document for the page icon', async ({
  page,
  browser,
}) => {
  await page.goto('/blogs');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'My Portfolio' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await browser.startTracing(page, { categories: ['blink', 'devtools.timeline'] });
  for (const [link, path] of [
    ['My Portfolio', '/portfolio'],
    ['Blogs', '/blogs'],
    ['My Portfolio', '/portfolio'],
  ] as const) {
    await main.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // The icon is decoded within some 25 ms of a navigation on a quiet machine: waited for generously.
  await page.waitForTimeout(1_000);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: { name: string }[];
  };
  // The pages themselves show no SVG as an image: any SVG document built here is the icon's.
  expect(traceEvents.filter((event) => event.name === 'SVGImage::DataChanged')).toEqual([]);
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toMatch(/^data:image\/png;base64,/);
});
