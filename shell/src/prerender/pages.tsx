// The shell's prerendered pages as HTML, rendered at build time (rspack-app.mjs writes each into
// dist/prerendered/<file>.html, and pages.json): the navbar of a signed-out visitor and the layout,
// with the shell's own page (login, sign-up, 404) rendered whole, or an empty slot where a remote's
// page goes. The shell's server fills the slot per request with the remote's own prerendered
// fragment (e.g. the storefront's fragments/home.json), so a remote's release needs no shell build.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter, type RouteObject } from 'react-router';
import { createQueryClient, ServerDataProvider } from '@toolshop/auth';
import { allRoutes } from '@toolshop/routes';
import { AppRoutes, routes } from '../app/routes';
import { providePageModule } from '../composition/remote-page';
import { SESSION_HINT_COOKIE } from '../composition/session-hint';
import { prerenderedPages } from './prerendered-pages';

/** Where the server puts a remote's fragment (see libs/web-server/src/static-server.mjs). */
const slot = (remote: string, fragment: string) =>
  function FragmentSlot() {
    return <template data-fragment={`${remote}/${fragment}`} />;
  };

/** A path no route takes: what the 404 page is rendered at. */
const unknownPath = '/this-page-does-not-exist';

async function renderAt(path: string | { pathname: string; state: unknown }): Promise<string> {
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

/**
 * A page's file (dist/prerendered/<file>.html) and where it is served: path null for any path no
 * route takes (404), undefined for a page served in another's place (signIn). remotePage:
 * '<remote>/<exposed page>' the shell's start loads before it hydrates (#root's data-prerendered).
 */
interface RenderedPage {
  file: string;
  path: string | null | undefined;
  chunk?: string;
  remotePage?: string;
  html: string;
}

const loginChunk = '../features/auth/login-page';

/**
 * The sign-in page as the guard shows it at each login-required path: /login remembering that path
 * (a tool page's adds "sign in to order"), rendered with that state so that it hydrates as it is.
 * A path whose sign-in page is the plain one shares its file.
 */
async function signInPages(pages: RenderedPage[]) {
  const login = pages.find((page) => page.path === '/login')!;
  const routes: Record<string, string> = {};
  for (const { path } of allRoutes().filter((route) => route.access !== 'public')) {
    if (routes[path]) continue;
    const html = await renderAt({ pathname: '/login', state: { from: path } });
    const same = pages.find((page) => page.html === html && page.file.startsWith(login.file));
    const file = same?.file ?? `${login.file}-for${path.replace(/[^a-z0-9]+/gi, '-')}`;
    if (!same) pages.push({ file, path: undefined, chunk: loginChunk, html });
    routes[path] = file;
  }
  return { routes, cookie: SESSION_HINT_COOKIE };
}

export async function render(): Promise<{
  pages: RenderedPage[];
  routes: string[];
  // the page a browser without the session hint gets at each login-required path (bootstrap.tsx)
  signIn: { routes: Record<string, string>; cookie: string };
}> {
  const pages: RenderedPage[] = [];
  for (const entry of prerenderedPages) {
    if ('remote' in entry)
      providePageModule(entry.remote, entry.page, { default: slot(entry.remote, entry.fragment) });
    const html = await renderAt(entry.path ?? unknownPath);
    const kind =
      'chunk' in entry ? { chunk: entry.chunk } : { remotePage: `${entry.remote}/${entry.page}` };
    pages.push({ file: entry.file, path: entry.path, ...kind, html });
  }
  return { pages, routes: [...new Set(routePaths(routes))], signIn: await signInPages(pages) };
}
