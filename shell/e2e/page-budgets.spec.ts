// A JavaScript budget per public page, as home-budget.spec.ts keeps the home page's: the
// gzip bytes of every script a first visit loads until the page is complete and idle. `npm run
// lighthouse -- --all` reports the same figure per page with its scores.
import type { Page } from '@playwright/test';
import { expect, pathOf, test } from '@toolshop/devstack/e2e';
import { scriptsLoaded } from './script-budget';

const kB = 1024;

/** A visitor signs in first: what a visitor of a sign-in page sees is its form, taking input. */
const formReady = async (page: Page) => expect(page.getByLabel('Email')).toBeEditable();
const footerShown = async (page: Page) =>
  expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();

/** Each public page: where, when it is complete, its budget (gzip; measured now plus about 3 %). */
const pages: { path: string; complete: (page: Page) => Promise<void>; budget: number }[] = [
  {
    path: '/',
    complete: async (page) => {
      await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
      await footerShown(page);
    },
    budget: 151.5 * kB,
  },
  { path: '/blogs', complete: footerShown, budget: 148 * kB },
  { path: '/portfolio', complete: footerShown, budget: 147 * kB },
  { path: '/login', complete: formReady, budget: 140 * kB },
  { path: '/signup', complete: formReady, budget: 140 * kB },
  {
    path: '/no-such-page',
    complete: async (page) =>
      expect(page.getByRole('button', { name: 'Return to home' })).toBeVisible(),
    budget: 138 * kB,
  },
  // Tool detail as a visitor sees it: the page needs a session, so the visitor is sent to /login.
  {
    path: '/tools/{id}',
    complete: async (page) => {
      await expect(page).toHaveURL(/\/login$/);
      await formReady(page);
    },
    budget: 140 * kB,
  },
];

for (const { path, complete, budget } of pages) {
  test(`${path} loads its JavaScript within its ${(budget / kB).toFixed(0)} kB budget`, async ({
    page,
  }) => {
    const url = await pathOf(path);
    const { total, listing } = await scriptsLoaded(page, async () => {
      await page.goto(url);
      await complete(page);
    });
    test.info().annotations.push({
      type: `${path} JavaScript`,
      description: `${(total / kB).toFixed(1)} kB gzip (budget ${(budget / kB).toFixed(0)} kB)`,
    });
    expect(total, `the scripts of ${path} (gzip):\n${listing}`).toBeLessThanOrEqual(budget);
  });
}
