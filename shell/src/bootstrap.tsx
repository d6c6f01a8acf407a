import { StrictMode, startTransition } from 'react';
import { BrowserRouter } from 'react-router';
import { initAuth, loadRuntimeConfig, ServerDataProvider, useAuth } from '@toolshop/auth';
import { ErrorState } from '@toolshop/ui';
import {
  loadRemotePage,
  prefetchRemotePage,
  preloadRemotePage,
  registerRemoteMap,
} from './composition/federation';
import { providePageModule } from './composition/remote-page';
import { fetchRemoteMap } from './composition/remote-map';
import { keepSessionHint } from './composition/session-hint';
import { AppRoutes } from './app/routes';
import { allRoutes, type PageName, type RemoteRoute } from '@toolshop/routes';
import type { RemoteName } from './composition/remote-map';
import '@toolshop/ui/tokens.css';
import './app/global.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** The remote page a prerendered page holds: its #root's data-prerendered, '<remote>/<page>' (written by the shell's build). */
function remotePageOf(container: HTMLElement | null) {
  const named = container?.dataset.prerendered;
  return named ? (named.split('/') as [RemoteName, PageName<RemoteName>]) : undefined;
}

/**
 * The server sent the page prerendered (prerender/prerendered-pages.ts: its navbar and a remote's
 * first screen, or a page of the shell): a remote's page is hydrated once its module is here, so
 * React finds every element it renders in place; without that module the prerendered markup goes
 * and the shell renders as without it. A page of the shell hydrates at once: its lazy module loads
 * while React keeps its prerendered markup (a suspended boundary stays as the server sent it).
 */
async function prerenderedPage(container: HTMLElement): Promise<boolean> {
  if (!container.hasAttribute('data-prerendered')) return false;
  if (container.hasAttribute('data-sign-in')) return signInInPlace(container);
  const prerendered = remotePageOf(container);
  if (!prerendered) return true;
  try {
    const page = await loadRemotePage(...prerendered);
    // the fallback plugin's stand-in: the remote cannot be loaded now
    if ('unavailable' in page) throw new Error(`${prerendered[0]} is unavailable`);
    providePageModule(...prerendered, page);
    return true;
  } catch {
    container.replaceChildren();
    return false;
  }
}

/**
 * The server sent the sign-in page for a login-required path (no session hint, see
 * session-hint.ts): a visitor is where the guard would send them, /login remembering the path, so
 * the page hydrates as it is. With a session after all, the markup goes and the page renders.
 */
function signInInPlace(container: HTMLElement): boolean {
  if (useAuth.getState().status !== 'signedOut') {
    container.replaceChildren();
    return false;
  }
  const { pathname, search, hash } = window.location;
  // React Router's own history entry: `usr` is the location's state (LoginState).
  window.history.replaceState(
    { usr: { from: `${pathname}${search}${hash}` }, key: 'sign-in', idx: 0 },
    '',
    '/login',
  );
  return true;
}

async function start() {
  const container = document.getElementById('root')!;
  try {
    const [remoteMap] = await Promise.all([fetchRemoteMap(), loadRuntimeConfig()]);
    registerRemoteMap(remoteMap);
    // A prerendered remote page (the home page is the first page of most visits): its remote loads
    // while the shell renders.
    const prerendered = remotePageOf(container);
    if (prerendered) preloadRemotePage(...prerendered);
  } catch (error) {
    console.error('[shell] cannot start', error);
    const { createRoot } = await import('react-dom/client');
    container.replaceChildren();
    createRoot(container).render(
      <ErrorState title="Toolshop cannot start right now.">
        Please reload the page in a moment.
      </ErrorState>,
    );
    return;
  }
  // React DOM, the largest module, is evaluated in a task of its own, after this one (which brought
  // /remotes.json) and the modules above: together they made tasks of over 50 ms at a 4x slowed CPU.
  // A browser traced as Lighthouse traces also reparses its 200 kB module there, for the stack of the
  // errors React creates as it loads (docs/perf/prerendered-pages.md).
  const reactDom = nextTask().then(() => import('react-dom/client'));
  // Signed in, links prefetch their remote page and its data on intent (prefetch-on-intent.ts), a
  // page the server did not prerender loads its remote pages and data at once
  // (prefetch-opened-page.ts), and the fonts' sizes are made ready while idle
  // (warm-font-strikes.ts); a visitor's pages never load that code.
  const prefetch = (route: RemoteRoute, params: Record<string, string>) =>
    prefetchRemotePage(route.remote, route.page, params);
  const openedPath = container.hasAttribute('data-prerendered')
    ? undefined
    : window.location.pathname;
  // Each import in a task of its own after the one that signs in, where React renders the signed-in
  // page: the federation runtime's chunk loads for all three made that task over 50 ms at a 4x
  // slowed CPU.
  const signedInSteps = async () => {
    await nextTask();
    if (openedPath)
      void import('./composition/prefetch-opened-page').then((module) =>
        module.prefetchOpenedPage(allRoutes(), openedPath, prefetch),
      );
    await nextTask();
    void import('./composition/prefetch-on-intent').then((module) =>
      module.prefetchOnIntent(allRoutes(), prefetch),
    );
    await nextTask();
    void import('./lib/warm-font-strikes').then((module) => module.warmFontStrikes());
  };
  const unsubscribe = useAuth.subscribe(({ status }) => {
    if (status !== 'signedIn') return;
    unsubscribe();
    void signedInSteps();
  });
  keepSessionHint();
  // Synchronous for a visitor without a session: the first render already shows the signed-out navbar.
  void initAuth();
  const app = (
    <StrictMode>
      <ServerDataProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ServerDataProvider>
    </StrictMode>
  );
  const [{ createRoot, hydrateRoot }, prerendered] = await Promise.all([
    reactDom,
    prerenderedPage(container),
  ]);
  // In a transition, React renders in slices of a few ms with the main thread free between them
  // (input and paints go first); at its default priority a prerendered page hydrated in one task of
  // about 60 ms at a 4x slowed CPU, and a signed-in page's first render took as long.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
