// A JavaScript budget per public page, as home-budget.spec.ts keeps the home page's: the
// gzip bytes of every script a first visit loads until the page is complete and idle. `npm run
// lighthouse -- --all` reports the same figure per page with its scores.
import type { Page } from '@playwright/test';
import { expect, pathOf, test } from '@toolshop/devstack/e2e';
import { pageBudgets } from '@toolshop/devstack/page-budgets.mjs';
import { scriptsLoaded } from './script-budget';

const kB = 1024;

/** A visitor signs in first: what a visitor of a sign-in page sees is its form, ready to send. */
const formReady = async (page: Page) =>
  expect(page.locator('form').getByRole('button', { name: /^(Login|Sign Up)$/ })).toBeEnabled();
const footerShown = async (page: Page) =>
  expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();

/** Each public page: where, and when it is complete. */
const pages: { path: keyof typeof pageBudgets; complete: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    complete: async (page) => {
      await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
      await footerShown(page);
    },
  },
  { path: '/blogs', complete: footerShown },
  { path: '/portfolio', complete: footerShown },
  { path: '/login', complete: formReady },
  { path: '/signup', complete: formReady },
  {
    path: '/no-such-page',
    complete: async (page) =>
      expect(page.getByRole('button', { name: 'Return to home' })).toBeVisible(),
  },
  // Tool detail as a visitor sees it: the page needs a session, so the visitor is sent to /login.
  {
    path: '/tools/{id}',
    complete: async (page) => {
      await expect(page).toHaveURL(/\/login$/);
      await formReady(page);
    },
  },
];

for (const { path, complete } of pages) {
  const budget = pageBudgets[path];
  test(`${path} loads its JavaScript within its ${budget / kB} kB budget`, async ({ page }) => {
    const url = await pathOf(path);
    const { total, listing } = await scriptsLoaded(page, async () => {
      await page.goto(url);
      await complete(page);
    });
    test.info().annotations.push({
      type: `${path} JavaScript`,
      description: `${(total / kB).toFixed(1)} kB gzip (budget ${budget / kB} kB)`,
    });
    expect(total, `the scripts of ${path} (gzip):\n${listing}`).toBeLessThanOrEqual(budget);
  });
}
