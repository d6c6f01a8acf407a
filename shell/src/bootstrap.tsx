import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { initAuth, loadRuntimeConfig, ServerDataProvider } from '@toolshop/auth';
import { ErrorState } from '@toolshop/ui';
import { preloadRemotePage, registerRemoteMap } from './composition/federation';
import { fetchRemoteMap } from './composition/remote-map';
import { routes } from './app/routes';
import '@toolshop/ui/tokens.css';
import './app/global.css';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const [remoteMap] = await Promise.all([fetchRemoteMap(), loadRuntimeConfig()]);
    registerRemoteMap(remoteMap);
    // The home page is the first page of most visits: its remote loads while the shell renders.
    if (window.location.pathname === '/') preloadRemotePage('storefront', 'HomePage');
  } catch (error) {
    console.error('[shell] cannot start', error);
    root.render(<ErrorState title="Toolshop cannot start right now.">Please reload the page in a moment.</ErrorState>);
    return;
  }
  void initAuth();
  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <ServerDataProvider>
        <RouterProvider router={router} />
      </ServerDataProvider>
    </StrictMode>,
  );
}

void start();
