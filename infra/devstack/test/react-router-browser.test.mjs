import assert from 'node:assert/strict';
import { join } from 'node:path';
import { it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@toolshop/settings/repo-root';
import * as browser from '../src/react-router-browser.mjs';

const production = await import(pathToFileURL(join(repoRoot, 'node_modules/react-router/dist/production/index.mjs')).href);

// What the shared react-router leaves out: server rendering, cookies and sessions, framework-mode
// document parts and React Router's internals.
const serverOnly = new Set([
  'ServerRouter', 'StaticRouter', 'StaticRouterProvider', 'createStaticHandler', 'createStaticRouter',
  'createRequestHandler', 'createRoutesStub', 'createCookie', 'createCookieSessionStorage', 'createSession',
  'createSessionStorage', 'createMemorySessionStorage', 'isCookie', 'isSession', 'Links', 'Meta', 'Scripts',
  'PrefetchPageLinks', 'unstable_RSCStaticRouter', 'unstable_routeRSCServerRequest', 'unstable_setDevServerHooks',
]);
// ...and the data router: the apps route with <BrowserRouter> and useRoutes (issue 14: about 20 kB
// gzip less on every page).
const dataRouter = new Set([
  'Await', 'Form', 'IDLE_BLOCKER', 'IDLE_FETCHER', 'IDLE_NAVIGATION', 'RouterContextProvider', 'RouterProvider',
  'ScrollRestoration', 'createBrowserRouter', 'createContext', 'createHashRouter', 'createMemoryRouter',
  'unstable_usePrompt', 'unstable_useRoute', 'unstable_useRouterState', 'useActionData', 'useAsyncError',
  'useAsyncValue', 'useBlocker', 'useFetcher', 'useFetchers', 'useFormAction', 'useLoaderData', 'useMatches',
  'useNavigation', 'useRevalidator', 'useRouteError', 'useRouteLoaderData', 'useSubmit', 'useViewTransitionState',
  'data', 'redirect', 'redirectDocument', 'replace',
]);
const isInternal = (name) => name.startsWith('UNSAFE_');
const leftOut = (name) => serverOnly.has(name) || dataRouter.has(name) || isInternal(name);

it('shares every browser export of react-router, the very same values', () => {
  const missing = Object.keys(production).filter((name) => !leftOut(name) && !(name in browser));
  assert.deepEqual(missing, [], 'react-router has new exports: add them to src/react-router-browser.mjs or to serverOnly/dataRouter here');
  for (const name of Object.keys(browser)) assert.equal(browser[name], production[name], name);
});

it('leaves out the server-only exports and the data router', () => {
  assert.deepEqual(Object.keys(browser).filter(leftOut), []);
});
