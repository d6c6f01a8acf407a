// The shell's prerendered pages as HTML, rendered at build time (rspack-app.mjs writes each into
// dist/prerendered/<file>.html, and pages.json): the navbar of a signed-out visitor and the layout,
// with the shell's own page (login, sign-up, 404) rendered whole, or an empty slot where a remote's
// page goes. The shell's server fills the slot per request with the remote's own prerendered
// fragment (e.g. the storefront's fragments/home.json), so a remote's release needs no shell build.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter, type RouteObject } from 'react-router';
import { createQueryClient, ServerDataProvider } from '@toolshop/auth';
import { AppRoutes, routes } from '../app/routes';
import { providePageModule } from '../composition/remote-page';
import { prerenderedPages } from './prerendered-pages';

/** Where the server puts a remote's fragment (see libs/web-server/src/static-server.mjs). */
const slot = (remote: string, fragment: string) =>
  function FragmentSlot() {
    return <template data-fragment={`${remote}/${fragment}`} />;
  };

/** A path no route takes: what the 404 page is rendered at. */
const unknownPath = '/this-page-does-not-exist';

async function renderAt(path: string): Promise<string> {
  // Waits for the lazy pages (the shell's own pages load on demand): they are in the HTML, whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerDataProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </ServerDataProvider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** Every route path of the shell (':param' segments, no '*'): a path none of them takes is a 404. */
function routePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined && route.path !== '*' ? [own] : [];
    return [...here, ...routePaths(route.children ?? [], own)];
  });
}

export async function render(): Promise<{
  // remotePage: '<remote>/<exposed page>' the shell's start loads before it hydrates (#root's data-prerendered)
  pages: { file: string; path: string | null; chunk?: string; remotePage?: string; html: string }[];
  routes: string[];
}> {
  const pages = [];
  for (const entry of prerenderedPages) {
    if ('remote' in entry)
      providePageModule(entry.remote, entry.page, { default: slot(entry.remote, entry.fragment) });
    const html = await renderAt(entry.path ?? unknownPath);
    const kind =
      'chunk' in entry ? { chunk: entry.chunk } : { remotePage: `${entry.remote}/${entry.page}` };
    pages.push({ file: entry.file, path: entry.path, ...kind, html });
  }
  return { pages, routes: [...new Set(routePaths(routes))] };
}
