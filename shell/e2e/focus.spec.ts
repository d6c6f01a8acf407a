import { expect, test } from '@toolshop/devstack/e2e';

// A skip link to the main content; after a navigation focus is on the new page's
// heading and the page is announced.
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the first Tab reaches a skip link that moves focus to the main content', async ({
      page,
    }) => {
      await page.goto('/blogs');
      // The app renders after the load event (its remotes come by fetch): a visitor tabs once the
      // page is there, so the test does too.
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeAttached();
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    });

    test("after a navigation focus is on the page's heading and the page is announced", async ({
      page,
    }) => {
      await page.goto('/');
      // '/' comes prerendered: before the hydration a link is a plain link (a new page load, no
      // route focus) and Menu does nothing yet. The tools' section renders once it is hydrated.
      await expect(
        page.getByRole('heading', { name: 'Tools built for the job site' }),
      ).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (width < 768) await nav.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Blogs' }).click();
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });
      await expect(heading).toBeFocused();
      const name = (await heading.textContent())?.trim() ?? '';
      await expect(
        page.locator('[aria-live="polite"]').filter({ hasText: `${name} page` }),
      ).toBeAttached();
    });
  });
}
