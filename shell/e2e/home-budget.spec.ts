// Home page budget: the JavaScript the home page loads, in gzip bytes (a count, not a timing: the
// same on a busy machine). `npm run lighthouse` reports the same figure with the page's scores.
import { expect, test } from '@toolshop/devstack/e2e';
import { pageBudgets } from '@toolshop/devstack/page-budgets.mjs';
import { scriptsLoaded } from './script-budget';

// The budget (README "Performance of the home page"): the test fails above it.
const budget = pageBudgets['/'];

test(`the home page loads its JavaScript within the ${budget / 1024} kB budget, one federation runtime for the whole page`, async ({
  page,
}) => {
  const { sizes, total, listing } = await scriptsLoaded(page, async () => {
    await page.goto('/');
    // Hydrated and complete: the tools and the reviews arrived, so every script of the page is in.
    await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  });
  test.info().annotations.push({
    type: 'home page JavaScript',
    description: `${(total / 1024).toFixed(1)} kB gzip (budget ${budget / 1024} kB)`,
  });
  expect(total, `the home page's scripts (gzip):\n${listing}`).toBeLessThanOrEqual(budget);

  // The storefront takes the shell's federation runtime: its remoteEntry.js is its container only.
  const remoteEntry = sizes.find((s) => s.url.endsWith('/remoteEntry.js'));
  expect(remoteEntry, 'the storefront remote entry was loaded').toBeDefined();
  expect(remoteEntry!.gzip).toBeLessThan(12 * 1024);
  expect(
    await page.evaluate(
      () =>
        (globalThis as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })
          ._FEDERATION_RUNTIME_CORE_FROM?.name,
    ),
  ).toBe('shell');
});
