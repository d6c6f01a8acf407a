// The stylesheets are built for the browsers the shop supports (`browserTargets` in
// libs/rspack-app): left to the CSS minimizer's default, every `text-align: start` and inline margin
// came out as three rules of 19 `:lang()` tests each, and every table cell was matched against them.
import type { Page } from '@playwright/test';
import { expect, pathOf, stack, test } from '@toolshop/devstack/e2e';

/** The stylesheets the page applies once it shows its heading, linked and inline, with their text. */
async function stylesheetsOf(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // read again here: a response's body in the browser is gone once its document is
  const linked = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) => (sheet.href ? [sheet.href] : [])),
  );
  const inline = await page.locator('style').allTextContents();
  return [
    ...(await Promise.all(
      linked.map(async (url) => ({ url, text: await (await page.request.get(url)).text() })),
    )),
    ...inline.map((text) => ({ url: `inline <style> of ${path}`, text })),
  ];
}

const pages = [
  // the storefront's tool detail, whose heading is the tool's name
  { who: 'customer', path: '/tools/{id}', heading: /./, remote: stack.remotes.storefront },
  {
    who: 'customer',
    path: '/dashboard/myOrders',
    heading: 'My Orders',
    remote: stack.remotes.dashboard,
  },
  {
    who: 'admin',
    path: '/dashboard/manageOrders',
    heading: 'Manage All Orders',
    remote: stack.remotes.admin,
  },
] as const;

for (const { who, path, heading, remote } of pages) {
  test(`${path} gets stylesheets without direction fallbacks for old browsers`, async ({
    page,
    signIn,
  }) => {
    await signIn(who);
    const sheets = await stylesheetsOf(page, await pathOf(path), heading);
    // the remote's own stylesheets were among them: the test looked at what it is about
    expect(sheets.map((sheet) => sheet.url).filter((url) => url.startsWith(remote))).not.toEqual(
      [],
    );
    const lowered = sheets.filter((sheet) => sheet.text.includes(':lang(')).map((s) => s.url);
    expect(lowered, 'stylesheets with :lang() fallbacks').toEqual([]);
  });
}
