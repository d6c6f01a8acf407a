import { expect, stack, test } from '@toolshop/devstack/e2e';

// A page the browser renders (the public pages come prerendered; a signed-in page does not).
test('a page rendered in the browser preloads the shell chunks its start needs and none it does not load', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  // Every script the federation runtime adds to the page (it removes each one again once loaded).
  await page.addInitScript(() => {
    const added: string[] = [];
    (window as unknown as { addedScripts: string[] }).addedScripts = added;
    new MutationObserver((mutations) => {
      for (const { addedNodes } of mutations) {
        for (const node of addedNodes)
          if (node instanceof HTMLScriptElement && node.src) added.push(node.src);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  const preloaded = await page
    .locator('link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  // The page's own <script> tags (main.js) stay; the runtime's chunk scripts are the ones gone again.
  const loadedByRuntime = await page.evaluate(() => {
    const inPage = new Set(
      [...document.querySelectorAll('script[src]')].map(
        (script) => (script as HTMLScriptElement).src,
      ),
    );
    return (window as unknown as { addedScripts: string[] }).addedScripts.filter(
      (src) => !inPage.has(src),
    );
  });
  const shellChunks = loadedByRuntime.filter((src) => src.startsWith(`${stack.shell}/`));
  expect(preloaded.length).toBeGreaterThan(0);
  // No preload is wasted: each is a chunk the start loads.
  expect(shellChunks).toEqual(expect.arrayContaining(preloaded));
  // The shared modules every start needs are among them (a signed-in user's page also loads, on
  // demand, chunks no start needs: those are not preloaded).
  const shared = shellChunks.filter((src) =>
    /\/(react|react-router|react-query)\.\w+\.js$/.test(src),
  );
  expect(shared.length).toBeGreaterThanOrEqual(3);
  expect(preloaded).toEqual(expect.arrayContaining(shared));
});

test('the prerendered home page preloads no script: its first view needs only its stylesheets', async ({
  request,
}) => {
  const html = await (await request.get(`${stack.shell}/`)).text();
  expect(html).toContain('data-prerendered');
  expect(html).not.toMatch(/<link rel="preload"[^>]* as="script"/);
  // The stylesheets come first in <head>, the shell's and then the storefront's.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(
    /^<!doctype html><html lang="en"><head><meta charset="utf-8">(<link rel="stylesheet" href="[^"]+">)+<meta/,
  );
  expect(head).toContain(`<link rel="stylesheet" href="${stack.remotes.storefront}/`);
});

test("the start-up scripts carry V8's compile hint, compiled while they download", async ({
  request,
}) => {
  // The app's page (a signed-in browser's, by the session hint): main.js and the preloaded chunks.
  const html = await (
    await request.get(`${stack.shell}/dashboard/myOrders`, {
      headers: { Cookie: 'toolshop_signed_in=1' },
    })
  ).text();
  const scripts = [
    ...html.matchAll(/<(?:script defer src|link rel="preload" href)="([^"]+\.js)"/g),
  ];
  const hinted: string[] = [];
  for (const [, src] of scripts) {
    const body = await (await request.get(`${stack.shell}${src}`)).text();
    if (body.startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(src!);
  }
  // The federation runtime's main.js and the shared React, router and query chunks at least.
  expect(hinted).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/main\./),
      expect.stringMatching(/^\/react\./),
      expect.stringMatching(/^\/react-router\./),
      expect.stringMatching(/^\/react-query\./),
    ]),
  );
});
