// The shell follows /remotes.json (the registry's choice) on the next page load, and only then: it
// reads the map once per page load, so a release activated while a visitor is on a page never
// switches a remote under them, and no cache keeps an old manifest once the page reloads.
import { expect, stack, test } from '@toolshop/devstack/e2e';
import { registryMap, releaseOf } from './remote-registry';

test('a newly active storefront release is used from the next page load on, never in the middle of one', async ({
  page,
}) => {
  // Release 2 of the storefront lives at another address (same build): where its files come from
  // tells which release the page uses.
  const moved = stack.remotes.storefront.replace('localhost', '127.0.0.1');
  const v1 = releaseOf('storefront', '1.0.0+one');
  const v2 = { ...releaseOf('storefront', '2.0.0+two'), manifest: `${moved}/mf-manifest.json` };
  let active = v1;
  let mapRequests = 0;
  await page.route(`${stack.shell}/remotes.json`, (route) => {
    mapRequests += 1;
    return route.fulfill({
      json: registryMap({ storefront: active }),
      headers: { 'Cache-Control': 'no-cache' },
    });
  });
  const storefrontFiles: string[] = [];
  page.on('requestfinished', (request) => {
    const url = request.url();
    if (url.startsWith(stack.remotes.storefront) || url.startsWith(moved))
      storefrontFiles.push(url);
  });
  const versions: string[] = [];
  await page.route(`${stack.shell}/remotes/beacon`, (route) => {
    const beacon = JSON.parse(route.request().postData() ?? '{}') as {
      remote: string;
      kind: string;
      version: string;
    };
    if (beacon.remote === 'storefront' && beacon.kind === 'ok') versions.push(beacon.version);
    return route.fulfill({ status: 204 });
  });
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The server's first view shows before the shell runs: a click before the storefront reported its
  // render would be a plain link, a new page load. Moving around starts once it has.
  await expect.poll(() => versions).toEqual(['1.0.0+one']);
  expect(mapRequests).toBe(1);

  // Release 2 becomes active while the visitor stays on the page and moves around in it.
  active = v2;
  const before = storefrontFiles.length;
  await nav.getByRole('link', { name: 'My Portfolio' }).click();
  await expect(page).toHaveTitle(/Portfolio/);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
  expect(mapRequests).toBe(1);
  expect(storefrontFiles.length).toBeGreaterThan(before);
  expect(storefrontFiles.filter((url) => url.startsWith(moved))).toEqual([]);
  expect(versions).toEqual(['1.0.0+one']);

  // The next page load takes release 2: its manifest, entry and chunks, nothing of release 1.
  storefrontFiles.length = 0;
  await page.reload();
  await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
  await expect.poll(() => versions).toEqual(['1.0.0+one', '2.0.0+two']);
  expect(mapRequests).toBe(2);
  expect(storefrontFiles.some((url) => url === `${moved}/mf-manifest.json`)).toBe(true);
  expect(storefrontFiles.some((url) => url === `${moved}/remoteEntry.js`)).toBe(true);
  // the prerendered home page's stylesheets come from the shell's server-side map, not the page's
  expect(
    storefrontFiles.filter(
      (url) => url.startsWith(stack.remotes.storefront) && !url.endsWith('.css'),
    ),
  ).toEqual([]);
});
