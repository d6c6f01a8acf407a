import { StrictMode, startTransition } from 'react';
import { BrowserRouter } from 'react-router';
import { initAuth, loadRuntimeConfig, ServerDataProvider } from '@toolshop/auth';
import { ErrorState } from '@toolshop/ui';
import { loadRemotePage, preloadRemotePage, registerRemoteMap } from './composition/federation';
import { providePageModule } from './composition/remote-page';
import { fetchRemoteMap } from './composition/remote-map';
import { AppRoutes } from './app/routes';
import '@toolshop/ui/tokens.css';
import './app/global.css';

/**
 * The server sent the home page prerendered (its navbar and the storefront's first screen): it is
 * hydrated once the storefront's HomePage is here, so React finds every element it renders in place.
 * Without that module the prerendered markup goes and the shell renders as without it.
 */
async function prerenderedHomePage(container: HTMLElement): Promise<boolean> {
  if (!container.hasAttribute('data-prerendered') || window.location.pathname !== '/') return false;
  try {
    const page = await loadRemotePage('storefront', 'HomePage');
    // the fallback plugin's stand-in: the storefront cannot be loaded now
    if ('unavailable' in page) throw new Error('the storefront is unavailable');
    providePageModule('storefront', 'HomePage', page);
    return true;
  } catch {
    container.replaceChildren();
    return false;
  }
}

async function start() {
  const container = document.getElementById('root')!;
  try {
    const [remoteMap] = await Promise.all([fetchRemoteMap(), loadRuntimeConfig()]);
    registerRemoteMap(remoteMap);
    // The home page is the first page of most visits: its remote loads while the shell renders.
    if (window.location.pathname === '/') preloadRemotePage('storefront', 'HomePage');
  } catch (error) {
    console.error('[shell] cannot start', error);
    const { createRoot } = await import('react-dom/client');
    container.replaceChildren();
    createRoot(container).render(
      <ErrorState title="Toolshop cannot start right now.">Please reload the page in a moment.</ErrorState>,
    );
    return;
  }
  // React DOM, the largest module, is evaluated in this task (the one that brought /remotes.json),
  // not with the modules above: all of them at once made a task of about 50 ms at a 4x slowed CPU
  // (issue 14).
  const reactDom = import('react-dom/client');
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
    prerenderedHomePage(container),
  ]);
  if (prerendered) {
    // In a transition, React hydrates in slices of a few ms with the main thread free between them
    // (input and paints go first); at its default priority the whole page hydrated in one task of
    // about 60 ms at a 4x slowed CPU (issue 14). The markup is already on screen meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
