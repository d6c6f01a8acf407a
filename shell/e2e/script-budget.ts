// The JavaScript a page loads, in gzip bytes (a count, not a timing: the same on a busy machine),
// for the per-page budgets (home-budget.spec.ts, page-budgets.spec.ts).
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

/** Every script `visit` makes the page load, until the network is idle, with its gzip size. */
export async function scriptsLoaded(page: Page, visit: () => Promise<void>) {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await visit();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(
    scripts.map(async (response) => ({
      url: response.url(),
      gzip: gzipSync(await response.body()).length,
    })),
  );
  return {
    sizes,
    total: sizes.reduce((sum, s) => sum + s.gzip, 0),
    listing: sizes.map((s) => `${(s.gzip / 1024).toFixed(1)} kB ${s.url}`).join('\n'),
  };
}
