// The shell's page at '/' as HTML, rendered at build time (rspack-app.mjs writes it into
// dist/prerendered/index.html): the navbar of a signed-out visitor and the layout, with an empty slot
// where the home page goes. The shell's server fills the slot per request with the storefront's own
// prerendered fragment (its fragments/home.json), so a storefront redeploy needs no shell build.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createQueryClient, ServerDataProvider } from '@toolshop/auth';
import { AppRoutes } from '../app/routes';
import { providePageModule } from '../composition/remote-page';

/** Where the server puts the storefront's fragment `home` (see infra/devstack/src/static-server.mjs). */
function HomeSlot() {
  return <template data-fragment="storefront/home" />;
}

export function render(): string {
  providePageModule('storefront', 'HomePage', { default: HomeSlot });
  return renderToString(
    <StrictMode>
      <ServerDataProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </ServerDataProvider>
    </StrictMode>,
  );
}
