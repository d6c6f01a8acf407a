// A remote from the registry loads only with matching Subresource Integrity: its manifest, entry,
// chunks and stylesheets. A tampered or unlisted file is refused and the remote falls back like an
// outage, while the rest of the shop works.
import type { Page } from '@playwright/test';
import { expect, stack, test } from '@toolshop/devstack/e2e';
import { remoteFallback as shopDown } from './remote-fallback';
import { registryMap, releaseOf, serveRemoteMap } from './remote-registry';

/** Every <script>/<link> the page adds for a remote's file, with the integrity it carried when added. */
async function recordRemoteElements(page: Page) {
  await page.addInitScript((origin) => {
    const seen: { url: string; integrity: string; crossOrigin: string | null }[] = [];
    (window as unknown as { remoteElements: typeof seen }).remoteElements = seen;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        const url =
          node instanceof HTMLScriptElement
            ? node.src
            : node instanceof HTMLLinkElement
              ? node.href
              : '';
        if (url.startsWith(origin)) {
          const element = node as HTMLScriptElement | HTMLLinkElement;
          seen.push({ url, integrity: element.integrity, crossOrigin: element.crossOrigin });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, stack.remotes.storefront);
  return () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            remoteElements: { url: string; integrity: string; crossOrigin: string | null }[];
          }
        ).remoteElements,
    );
}

test('a release whose files match its hashes loads; every file of it carried its hash', async ({
  page,
  signIn,
  apiAs,
}) => {
  // A page the browser renders with the remote map served here (the public pages come
  // prerendered by the server, which checks their files against the registry itself).
  const [tool] = await (await apiAs('customer')).get<{ _id: string }[]>('/tools');
  await signIn('customer');
  const release = releaseOf('storefront');
  await serveRemoteMap(page, registryMap({ storefront: release }));
  const elements = await recordRemoteElements(page);

  await page.goto(`/tools/${tool!._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shopDown(page)).toHaveCount(0);

  const added = await elements();
  expect(added.some(({ url }) => url.endsWith('/remoteEntry.js'))).toBe(true);
  expect(added.some(({ url }) => /__federation_expose_ToolDetailPage\.\w+\.js$/.test(url))).toBe(
    true,
  );
  expect(added.some(({ url }) => url.endsWith('.css'))).toBe(true);
  for (const { url, integrity, crossOrigin } of added) {
    const file = url.slice(stack.remotes.storefront.length + 1);
    expect(integrity, file).toBe(release.integrity[file]);
    expect(crossOrigin, file).toBe('anonymous');
  }
});

test('a tampered chunk is refused: the storefront falls back like an outage, the other remotes work', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await serveRemoteMap(page, registryMap());
  // The chunk of the Blogs page is altered on its way (a half-uploaded or changed artifact).
  let served = 0;
  await page.route(/__federation_expose_BlogsPage\.\w+\.js$/, async (route) => {
    served += 1;
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n;window.tampered = true;` });
  });

  await page.goto('/blogs');
  await expect(shopDown(page)).toBeVisible();
  expect(served).toBeGreaterThan(0);
  expect(
    await page.evaluate(() => (window as unknown as { tampered?: boolean }).tampered),
  ).toBeUndefined();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
});

test('a file the release does not list is refused, and so is a wrong hash of the manifest or the entry', async ({
  page,
}) => {
  const cases: [string, (integrity: Record<string, string>) => void][] = [
    [
      'an unlisted chunk',
      (integrity) => {
        const chunk = Object.keys(integrity).find(
          (file) => file.startsWith('__federation_expose_BlogsPage') && file.endsWith('.js'),
        );
        delete integrity[chunk ?? ''];
      },
    ],
    [
      'a wrong manifest hash',
      (integrity) => (integrity['mf-manifest.json'] = integrity['remoteEntry.js'] ?? ''),
    ],
    [
      'a wrong entry hash',
      (integrity) => (integrity['remoteEntry.js'] = integrity['mf-manifest.json'] ?? ''),
    ],
  ];
  for (const [name, spoil] of cases) {
    await test.step(name, async () => {
      const release = releaseOf('storefront');
      spoil(release.integrity);
      await page.unroute(`${stack.shell}/remotes.json`);
      await serveRemoteMap(page, registryMap({ storefront: release }));
      await page.goto('/blogs');
      await expect(shopDown(page)).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }),
      ).toBeVisible();
    });
  }
});
