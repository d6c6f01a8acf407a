// The JavaScript budget of each public page: gzip bytes of every script a first visit loads until
// the page is complete. Kept by shell/e2e/page-budgets.spec.ts (and home-budget.spec.ts for the
// home page), reported by `npm run lighthouse`. Each is the page's figure when set plus about 3 %.
const kB = 1024;

export const pageBudgets = {
  // 151.7 kB now: 0.5 kB of it the scroll on navigation and Back (30 Nov), 0.35 kB the tool cards
  // near the screen laid out before their frame (2 Dec), 0.35 kB the grid's and the reviews' words
  // for a list cut at the API's limit and the loader of Back's anchor (its code comes with the
  // first scroll) (3 Dec).
  '/': 152 * kB,
  '/blogs': 148 * kB,
  '/portfolio': 147 * kB,
  '/login': 140 * kB,
  '/signup': 140 * kB,
  '/no-such-page': 138 * kB,
  '/tools/{id}': 140 * kB,
};
