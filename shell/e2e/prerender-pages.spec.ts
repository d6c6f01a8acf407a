// Every public page's first view comes with the HTML, as the home page's does (prerender.spec.ts):
// blogs and portfolio from the storefront's own fragments, login, sign-up and the 404 page from the
// shell's build; hydrated afterwards with no hydration error, no layout shift and no element replaced.
import { expect, stack, test } from '@toolshop/devstack/e2e';
import { expectCleanHydration, pageErrors, prerendered, watchHydration } from './prerender-helpers';

const pages = [
  { path: '/blogs', heading: 'Straight answers from our workshop', level: 1 },
  { path: '/portfolio', heading: /./, level: 1 },
  { path: '/login', heading: 'Login', level: 1 },
  { path: '/signup', heading: 'Sign Up', level: 1 },
  { path: '/no-such-page', heading: "Page Doesn't Exist", level: 1 },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, level } of pages) {
    test(`${path} shows the navbar and its first screen, styled`, async ({ page }) => {
      await prerendered(path);
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Home', 'Blogs', 'My Portfolio'])
        await expect(nav.getByRole('link', { name })).toBeVisible();
      const title = page.getByRole('heading', { level, name: heading }).first();
      await expect(title).toBeVisible();
      // The page's own stylesheets came with it: the heading is larger than body text.
      expect(await title.evaluate((h) => parseFloat(getComputedStyle(h).fontSize))).toBeGreaterThan(
        20,
      );
      expect(await nav.evaluate((n) => getComputedStyle(n).display)).toBe('flex');
    });
  }

  test('the login form and its links are in the first view', async ({ page }) => {
    await prerendered('/login');
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Account' })).toBeVisible();
  });
});

for (const { path, heading, level } of pages) {
  test(`${path} is hydrated in place: no hydration error, no layout shift, no element replaced`, async ({
    page,
  }) => {
    await prerendered(path);
    const hydration = await watchHydration(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level, name: heading }).first()).toBeVisible();
    // Hydrated: the navbar's account area was read (Login for a visitor), the page acts.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    if (path === '/login') {
      // Submitted by React (its validation), never as a plain form with its fields in the URL.
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(`${stack.shell}/login`);
    } else if (path === '/no-such-page') {
      // The 404 dialog opens once React runs; its button takes the visitor home.
      await page.getByRole('button', { name: 'Return to home' }).click();
      await expect(page).toHaveURL(`${stack.shell}/`);
    } else {
      await page.waitForLoadState('networkidle');
    }
    const probe = await hydration.probe();
    if (path !== '/no-such-page')
      expect(
        probe.removedHeading,
        'the prerendered navbar and heading stay the same elements',
      ).toBe(false);
    expectCleanHydration(probe, hydration.errors);
  });
}

test('a deployment without the Google option hydrates the prerendered sign-in pages without an error', async ({
  page,
}) => {
  // The prerender knows no /config.json: its pages carry the Google option, which goes once React runs.
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), googleSignIn: false } });
  });
  const errors = pageErrors(page);
  for (const path of ['/login', '/signup']) {
    await prerendered(path);
    await page.goto(path);
    await expect(
      page.locator('form').getByRole('button', { name: /^(Login|Sign Up)$/ }),
    ).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
