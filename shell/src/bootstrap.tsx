import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
    container.replaceChildren();
    createRoot(container).render(
      <ErrorState title="Toolshop cannot start right now.">Please reload the page in a moment.</ErrorState>,
    );
    return;
  }
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
  if (await prerenderedHomePage(container)) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
