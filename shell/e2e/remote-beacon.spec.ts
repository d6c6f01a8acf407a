// The shell tells the remote registry how each remote version does (the canary's error rate): a
// beacon per failed load and per caught render error, and one "ok" per page load and remote.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { expect, stack, test } from '@toolshop/devstack/e2e';
import { breakToolList, remoteFallback } from './remote-fallback';
import { registryMap, releaseOf, serveRemoteMap, sri } from './remote-registry';

interface Beacon {
  remote: string;
  version: string;
  kind: 'load' | 'render' | 'ok';
  message: string;
  /** the page load's beacon id: none here, the map is the test's (the shell's server signs one per /remotes.json) */
  id: string;
}

/**
 * The beacons the page sends to the shell's own origin about the releases of registryMap() (a page
 * left before, e.g. the sign-in's, may still send its own on the way out: those are not counted).
 */
async function collectBeacons(page: Page): Promise<Beacon[]> {
  const versions = new Set(
    Object.values(registryMap()).map((release) =>
      typeof release === 'string' ? '' : release.version,
    ),
  );
  const beacons: Beacon[] = [];
  await page.route(`${stack.shell}/remotes/beacon`, async (route) => {
    expect(route.request().method()).toBe('POST');
    const beacon = JSON.parse(route.request().postData() ?? 'null') as Beacon;
    if (versions.has(beacon.version)) beacons.push(beacon);
    await route.fulfill({ status: 204 });
  });
  return beacons;
}

test('a remote that loads reports "ok" once per page load, with its version', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await serveRemoteMap(page, registryMap());
  const beacons = await collectBeacons(page);

  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // /blogs is prerendered: its heading shows before the shell runs. A click before then would be
  // a second page load (and a second "ok"); the storefront's beacon says the shell took over.
  await expect.poll(() => beacons.length).toBe(1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'My Portfolio' }).click();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await expect.poll(() => beacons.filter(({ kind }) => kind === 'ok').length).toBe(2);
  expect(beacons).toEqual([
    { remote: 'storefront', version: '1.0.0+sf', kind: 'ok', message: '', id: '' },
    { remote: 'dashboard', version: '1.0.0+db', kind: 'ok', message: '', id: '' },
  ]);

  // the next page load counts again
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect.poll(() => beacons.length).toBe(3);
  expect(beacons[2]).toEqual({
    remote: 'dashboard',
    version: '1.0.0+db',
    kind: 'ok',
    message: '',
    id: '',
  });
});

test('a remote that cannot load reports "load" with its version and the reason', async ({
  page,
}) => {
  await serveRemoteMap(page, registryMap());
  const beacons = await collectBeacons(page);
  await page
    .context()
    .route(`${stack.remotes.storefront}/**`, (route) => route.abort('connectionrefused'));

  await page.goto('/blogs');
  await expect(remoteFallback(page)).toBeVisible();

  await expect.poll(() => beacons.length).toBeGreaterThan(0);
  expect(
    beacons.every(
      ({ remote, version, kind }) =>
        remote === 'storefront' && version === '1.0.0+sf' && kind === 'load',
    ),
  ).toBe(true);
  expect(beacons[0]?.message).toMatch(/storefront|mf-manifest/i);
  expect(beacons[0]?.message.length).toBeLessThanOrEqual(500);
});

test('a remote that throws while rendering reports "render" with its version', async ({ page }) => {
  await serveRemoteMap(page, registryMap());
  const beacons = await collectBeacons(page);
  await breakToolList(page);

  await page.goto('/');
  await expect(remoteFallback(page)).toBeVisible();

  await expect.poll(() => beacons.some(({ kind }) => kind === 'render')).toBe(true);
  const render = beacons.find(({ kind }) => kind === 'render');
  expect(render).toMatchObject({ remote: 'storefront', version: '1.0.0+sf' });
  expect(render?.message).not.toBe('');
});

test('a page that throws on its first render reports its page load as failed only, never "ok" (release hardening)', async ({
  page,
}) => {
  // The storefront's entry answers ./BlogsPage with a component that throws, listed with its own hash.
  const entry = readFileSync(join(repoRoot, 'storefront-mfe/dist/remoteEntry.js'), 'utf8');
  const throwing =
    `${entry}\n;storefront=Object.create(storefront,{get:{value:(function(get){return function(m){if(m==="./BlogsPage")` +
    `return Promise.resolve(function(){return {__esModule:true,default:function(){throw new Error("blogs broke")}}});` +
    `return get.apply(this,arguments)}})(storefront.get)}});\n`;
  const storefront = releaseOf('storefront', '1.0.0+sf');
  await serveRemoteMap(
    page,
    registryMap({
      storefront: {
        ...storefront,
        integrity: { ...storefront.integrity, 'remoteEntry.js': sri(throwing) },
      },
    }),
  );
  await page.route(`${stack.remotes.storefront}/remoteEntry.js`, (route) =>
    route.fulfill({ body: throwing, contentType: 'text/javascript' }),
  );
  const beacons = await collectBeacons(page);

  await page.goto('/blogs');
  await expect(remoteFallback(page)).toBeVisible();
  await expect.poll(() => beacons.length).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(beacons).toEqual([
    { remote: 'storefront', version: '1.0.0+sf', kind: 'render', message: 'blogs broke', id: '' },
  ]);
  // the shell marks its fallback and lists the failure for the registry's smoke check
  await expect(
    page.locator('main [data-remote-fallback="unavailable"][data-remote="storefront"]'),
  ).toBeVisible();
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { __toolshopRemoteFailures?: unknown[] }).__toolshopRemoteFailures,
    ),
  ).toEqual([{ remote: 'storefront', kind: 'render', message: 'blogs broke' }]);
});
