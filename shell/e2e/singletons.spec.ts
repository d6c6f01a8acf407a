// React, React DOM, the router and the auth store load exactly once on every page of the shop: a
// second copy (a remote bundling its own, a race between two providers of a shared module) breaks
// hooks, context and the one session. Every route of the route tables (libs/routes) is opened with
// a fresh page load, then the page's module instances are counted twice over: in the federation
// runtime's share scope (which copy of each shared module was loaded) and in React DevTools' hook,
// where every copy of React DOM registers itself as a renderer; and no page loads a shared module
// the shell does not share, or fetches a shared package's chunk from a remote's server.
import { expect, test } from '@toolshop/devstack/e2e';

/** Exactly one loaded copy on every page. */
const once = ['react', 'react-dom', 'react-router', '@toolshop/auth'];
/** At most one loaded copy (not every page needs them). */
const atMostOnce = [
  'react/jsx-runtime',
  'react-dom/client',
  'zustand',
  '@toolshop/ui',
  '@tanstack/react-query',
  'react-toastify',
];

interface PageModules {
  /** shared module -> how many copies of it were loaded (over every share scope of the page) */
  loaded: Record<string, number>;
  /** copies of React DOM that registered with the DevTools hook */
  renderers: number;
  /** the federation instances of the page (the shell and the remotes it loaded) */
  instances: string[];
  /** loaded shared modules the shell does not share ("name from app"): a remote's own copy */
  notSharedByShell: string[];
}

test('every route loads React, React DOM, the router and the auth store exactly once', async ({
  page,
  signIn,
  apiAs,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // A page that was opened in a browser tab afresh each time, with the DevTools hook of a React
  // extension: each React DOM copy announces itself there when it is evaluated.
  await page.addInitScript(() => {
    let renderers = 0;
    const noop = () => {};
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        isDisabled: false,
        supportsFiber: true,
        renderers: new Map(),
        inject: () => ++renderers,
        checkDCE: noop,
        onScheduleFiberRoot: noop,
        onCommitFiberRoot: noop,
        onCommitFiberUnmount: noop,
        onPostCommitFiberRoot: noop,
      },
      reactRenderers: () => renderers,
    });
  });
  await signIn('admin');
  const admin = await apiAs('admin');
  const [tool] = await admin.get<{ _id: string }[]>('/tools');
  const params: Record<string, string> = {
    toolId: tool?._id ?? 'none',
    id: '000000000000000000000000',
  };
  const { allRoutes } = await import('@toolshop/routes');
  const routes = allRoutes();
  expect(routes.length).toBeGreaterThan(10);

  // The shared packages' chunks (the build factory's chunk groups): the shell provides each, so a
  // page that fetches one from a remote's server runs a second copy of the package's code.
  const sharedChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/(react|react-router|react-query)\.[0-9a-f]+\.js$/.test(request.url()))
      sharedChunks.push(request.url());
  });
  const shellOrigin = new URL(String(baseURL)).origin;

  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);
    await test.step(`${route.remote}/${route.page} at ${path}`, async () => {
      sharedChunks.length = 0;
      await page.goto(path);
      const main = page.getByRole('main');
      // the page's remote has loaded and rendered: no spinner, no fallback
      await expect(
        main
          .getByRole('status')
          .filter({ hasText: /^Loading page$|Checking your access|Loading your session/ }),
      ).toHaveCount(0);
      await expect(main.getByText('is not available right now.')).toHaveCount(0);
      await expect
        .poll(() =>
          page.evaluate(() =>
            (
              window as unknown as { __FEDERATION__: { __INSTANCES__: { name: string }[] } }
            ).__FEDERATION__.__INSTANCES__.map((i) => i.name),
          ),
        )
        .toContain(route.remote);

      const modules = await page.evaluate(
        (names): PageModules => {
          type Entry = { loaded?: boolean; lib?: unknown; from?: string };
          const federation = (
            window as unknown as {
              __FEDERATION__: {
                __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>>;
                __INSTANCES__: { name: string }[];
              };
              reactRenderers: () => number;
            }
          ).__FEDERATION__;
          const copies = new Map<string, Set<Entry>>(names.map((name) => [name, new Set()]));
          const provided = new Set<string>();
          /** "name from app" of every loaded shared module -> its name */
          const loadedFrom = new Map<string, string>();
          for (const scopes of Object.values(federation.__SHARE__)) {
            for (const modules of Object.values(scopes)) {
              for (const [name, versions] of Object.entries(modules)) {
                for (const entry of Object.values(versions)) {
                  // react-toastify: whichever app raises the first toast loads it (on demand)
                  if (entry.from === 'shell' || name === 'react-toastify') provided.add(name);
                  if (!entry.loaded && !entry.lib) continue;
                  copies.get(name)?.add(entry);
                  loadedFrom.set(`${name} from ${entry.from}`, name);
                }
              }
            }
          }
          return {
            loaded: Object.fromEntries([...copies].map(([name, set]) => [name, set.size])),
            notSharedByShell: [...loadedFrom]
              .filter(([, name]) => !provided.has(name))
              .map(([loaded]) => loaded),
            renderers: (window as unknown as { reactRenderers: () => number }).reactRenderers(),
            instances: federation.__INSTANCES__.map((instance) => instance.name),
          };
        },
        [...once, ...atMostOnce],
      );

      for (const name of once) expect(modules.loaded[name], `${name} on ${path}`).toBe(1);
      for (const name of atMostOnce)
        expect(modules.loaded[name], `${name} on ${path}`).toBeLessThanOrEqual(1);
      expect(modules.renderers, `React DOM copies on ${path}`).toBe(1);
      expect(
        modules.notSharedByShell,
        `shared modules the shell does not share on ${path}`,
      ).toEqual([]);
      expect(
        sharedChunks.filter((url) => new URL(url).origin !== shellOrigin),
        `shared chunks from a remote on ${path}`,
      ).toEqual([]);
      expect(modules.instances).toContain('shell');
    });
  }
});
