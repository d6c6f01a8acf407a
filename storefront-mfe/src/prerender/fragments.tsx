// The first screens of the storefront's public pages as HTML, rendered at build time by its own
// components (rspack-app.mjs runs `render` after the build and publishes each as
// fragments/<name>.json, next to mf-manifest.json). The shell's server puts a fragment into the page
// it serves at that path; the shell then hydrates it with this same page, loaded from the
// storefront as usual. The exposed page of each fragment is in rspack.config.mjs.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createQueryClient, ServerDataProvider } from '@toolshop/auth';
import HomePage from '../pages/home-page';
import BlogsPage from '../pages/blogs-page';
import PortfolioPage from '../pages/portfolio-page';

const fragments: Record<string, { path: string; Page: ComponentType }> = {
  home: { path: '/', Page: HomePage },
  blogs: { path: '/blogs', Page: BlogsPage },
  portfolio: { path: '/portfolio', Page: PortfolioPage },
};

function renderPage({ path, Page }: { path: string; Page: ComponentType }): string {
  return renderToString(
    <ServerDataProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </ServerDataProvider>,
  );
}

/** Fragment name -> its HTML. */
export function render(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fragments).map(([name, fragment]) => [name, renderPage(fragment)]),
  );
}
