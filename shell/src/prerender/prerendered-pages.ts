// The public pages whose first view comes with the HTML (the table of the shell's prerender; its
// server reads the pages.json written from it, its start the remote page named by #root's
// data-prerendered): each is the shell's page at that path with its navbar. A remote's page
// is an empty slot that the server fills per request with the remote's own fragment (its
// fragments/<fragment>.json, so a release of the remote changes it without a shell build); a shell
// page is rendered whole by the shell's build.
import type { PageName, RemoteName } from '@toolshop/routes';

type RemotePrerender = { remote: RemoteName; page: PageName<RemoteName>; fragment: string };

const home: RemotePrerender = { remote: 'storefront', page: 'HomePage', fragment: 'home' };
const blogs: RemotePrerender = { remote: 'storefront', page: 'BlogsPage', fragment: 'blogs' };
const portfolio: RemotePrerender = {
  remote: 'storefront',
  page: 'PortfolioPage',
  fragment: 'portfolio',
};

/**
 * Every prerendered page, as its file in dist/prerendered: a remote's page, or a page of the shell
 * (`chunk`: its lazy import in app/routes.tsx, whose stylesheets come with the page; `path` null:
 * any path no route takes, the 404 page).
 */
export const prerenderedPages: (
  | ({ file: string; path: string } & RemotePrerender)
  | { file: string; path: string | null; chunk: string }
)[] = [
  { file: 'index', path: '/', ...home },
  { file: 'blogs', path: '/blogs', ...blogs },
  { file: 'portfolio', path: '/portfolio', ...portfolio },
  { file: 'login', path: '/login', chunk: '../features/auth/login-page' },
  { file: 'signup', path: '/signup', chunk: '../features/auth/signup-page' },
  { file: '404', path: null, chunk: '../features/not-found/not-found-page' },
];
