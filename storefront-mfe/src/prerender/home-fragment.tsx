// The home page's first screen as HTML, rendered at build time by the storefront's own components
// (rspack-app.mjs runs `render` after the build and publishes the result as fragments/home.json,
// next to mf-manifest.json). The shell's server puts it into the page it serves at '/'; the shell
// then hydrates it with this same HomePage, loaded from the storefront as usual.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createQueryClient, ServerDataProvider } from '@toolshop/auth';
import HomePage from '../pages/home-page';

export function render(): string {
  return renderToString(
    <ServerDataProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <HomePage />
      </MemoryRouter>
    </ServerDataProvider>,
  );
}
