// The one route table per remote (SPEC.md §2), data only: the shell builds its routes from it
// without bundling a remote's code, each remote derives its Module Federation exposes, its
// harness and (the dashboard) its sidebar from it. One file without imports: Node loads it as is
// (type stripping) for the rspack configs, the bundlers and Jest compile it like any source.

/** Module Federation names of the remotes the shell composes. */
export const remoteNames = ['storefront', 'dashboard', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** Who may open a page: anyone, a signed-in user, an admin. */
export type Access = 'public' | 'signedIn' | 'admin';

/** Whose dashboard sidebar lists the page: every signed-in user, customers only, admins only. */
export type SidebarAudience = 'everyone' | 'customers' | 'admins';

export interface PageRoute {
  /** The path in the shell, from the root ("/" is the home page). */
  path: string;
  /** The exposed module's name (`./<page>`), a default-exported component in `src/pages/`. */
  page: string;
  access: Access;
  /** The page renders an `<Outlet/>`: the remote's pages below its path are its children. */
  layout?: true;
  /** The link text of the page (harness links, the sidebar); pages without one are reached by links. */
  label?: string;
  sidebar?: SidebarAudience;
}

export const routeTables = {
  storefront: [
    { path: '/', page: 'HomePage', access: 'public', label: 'Home' },
    { path: '/blogs', page: 'BlogsPage', access: 'public', label: 'Blogs' },
    { path: '/portfolio', page: 'PortfolioPage', access: 'public', label: 'My Portfolio' },
    { path: '/tools/:toolId', page: 'ToolDetailPage', access: 'signedIn' },
  ],
  dashboard: [
    { path: '/dashboard', page: 'DashboardLayout', access: 'signedIn', layout: true },
    {
      path: '/dashboard',
      page: 'ProfilePage',
      access: 'signedIn',
      label: 'My Profile',
      sidebar: 'everyone',
    },
    {
      path: '/dashboard/company',
      page: 'CompanyPage',
      access: 'signedIn',
      label: 'My Company',
      sidebar: 'customers',
    },
    { path: '/dashboard/company/join', page: 'JoinCompanyPage', access: 'signedIn' },
    {
      path: '/dashboard/review',
      page: 'AddReviewPage',
      access: 'signedIn',
      label: 'Add A Review',
      sidebar: 'customers',
    },
    {
      path: '/dashboard/myOrders',
      page: 'MyOrdersPage',
      access: 'signedIn',
      label: 'My Orders',
      sidebar: 'customers',
    },
    {
      path: '/dashboard/quickOrder',
      page: 'QuickOrderPage',
      access: 'signedIn',
      label: 'Quick Order',
      sidebar: 'customers',
    },
    {
      path: '/dashboard/lists',
      page: 'SavedListsPage',
      access: 'signedIn',
      label: 'Saved Lists',
      sidebar: 'customers',
    },
    {
      path: '/dashboard/quotes',
      page: 'QuotesPage',
      access: 'signedIn',
      label: 'Quotes',
      sidebar: 'customers',
    },
    { path: '/dashboard/quotes/:id', page: 'QuotePage', access: 'signedIn' },
    { path: '/dashboard/payment/:id', page: 'PaymentPage', access: 'signedIn' },
  ],
  admin: [
    {
      path: '/dashboard/users',
      page: 'MakeAdminPage',
      access: 'admin',
      label: 'Make Admin',
      sidebar: 'admins',
    },
    {
      path: '/dashboard/companies',
      page: 'CompaniesPage',
      access: 'admin',
      label: 'Companies',
      sidebar: 'admins',
    },
    { path: '/dashboard/companies/:id', page: 'CompanyAdminPage', access: 'admin' },
    {
      path: '/dashboard/addProduct',
      page: 'AddProductPage',
      access: 'admin',
      label: 'Add A Product',
      sidebar: 'admins',
    },
    {
      path: '/dashboard/manageProducts',
      page: 'ManageProductsPage',
      access: 'admin',
      label: 'Manage Products',
      sidebar: 'admins',
    },
    {
      path: '/dashboard/manageOrders',
      page: 'ManageOrdersPage',
      access: 'admin',
      label: 'Manage All Orders',
      sidebar: 'admins',
    },
    {
      path: '/dashboard/manageReviews',
      page: 'ManageReviewsPage',
      access: 'admin',
      label: 'Manage Reviews',
      sidebar: 'admins',
    },
    {
      path: '/dashboard/manageQuotes',
      page: 'ManageQuotesPage',
      access: 'admin',
      label: 'Manage Quotes',
      sidebar: 'admins',
    },
    {
      path: '/dashboard/auditLog',
      page: 'AuditLogPage',
      access: 'admin',
      label: 'Audit Log',
      sidebar: 'admins',
    },
    {
      path: '/dashboard/remoteReleases',
      page: 'RemoteReleasesPage',
      access: 'admin',
      label: 'Remote Releases',
      sidebar: 'admins',
    },
  ],
} as const satisfies Record<RemoteName, readonly PageRoute[]>;

/** The exposed page names of one remote: what the shell may ask it for. */
export type PageName<R extends RemoteName> = (typeof routeTables)[R][number]['page'];

/** A table entry together with the remote that exposes it (its page typed by that remote's table). */
export type RemoteRoute = {
  [R in RemoteName]: PageRoute & { remote: R; page: PageName<R> };
}[RemoteName];

/** Every remote's pages, in table order. */
export function allRoutes(): RemoteRoute[] {
  return remoteNames.flatMap((remote) =>
    routeTables[remote].map((route) => ({ ...route, remote }) as RemoteRoute),
  );
}

/** One remote's pages, in table order. */
export function routesOf<R extends RemoteName>(remote: R): Extract<RemoteRoute, { remote: R }>[] {
  return allRoutes().filter(
    (route): route is Extract<RemoteRoute, { remote: R }> => route.remote === remote,
  );
}

/** The module of a page inside its remote: `ToolDetailPage` is `./src/pages/tool-detail-page.tsx`. */
export function pageModule(page: string): string {
  return `./src/pages/${page.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase()}.tsx`;
}

/** The remote's Module Federation `exposes`: every page of its table, under its own name. */
export function exposesOf(remote: RemoteName): Record<string, string> {
  return Object.fromEntries(routeTables[remote].map(({ page }) => [`./${page}`, pageModule(page)]));
}

/** The harness's links of a remote: label -> path, in table order. */
export function linksOf(remote: RemoteName): Record<string, string> {
  const routes: readonly PageRoute[] = routeTables[remote];
  return Object.fromEntries(
    routes.filter((route) => route.label).map((route) => [route.label, route.path]),
  );
}

/** The main navigation's page links: every labelled page anyone may open (SPEC.md §2: Home, Blogs, My Portfolio). */
export function navbarLinks(): { to: string; label: string }[] {
  return allRoutes()
    .filter((route) => route.access === 'public' && route.label)
    .map((route) => ({ to: route.path, label: route.label ?? '' }));
}

export interface SidebarLink {
  /** Relative to the dashboard route, so the layout works wherever the shell mounts it. */
  to: string;
  label: string;
}

/** SPEC.md §2: My Profile for everyone; customers review and order (quick order, saved lists), admins manage the shop. */
export function sidebarLinks(isAdmin: boolean): SidebarLink[] {
  const layout = routeTables.dashboard[0].path;
  const shown = (audience: SidebarAudience | undefined) =>
    audience === 'everyone' || audience === (isAdmin ? 'admins' : 'customers');
  return allRoutes()
    .filter((route) => route.label && shown(route.sidebar))
    .map((route) => ({ to: relativePath(route.path, layout) || '.', label: route.label ?? '' }));
}

/** A route of React Router's shape, generic in its element so this table stays free of React. */
export type RouteNode<E> =
  { index: true; element: E } | { path?: string; element: E; children?: RouteNode<E>[] };

export interface RouteElements<E, T extends RemoteRoute = RemoteRoute> {
  /** The element of a page (in the shell: the remote page loader; in a harness: the component). */
  page(route: T): E;
  /** The guard of a group of pages that need more than their parent; omitted: no guards (harness). */
  guard?(access: Exclude<Access, 'public'>): E;
}

const accessRank: Record<Access, number> = { public: 0, signedIn: 1, admin: 2 };

function relativePath(path: string, parent: string): string {
  return path.slice(parent === '/' ? 1 : parent.length + 1);
}

function isBelow(path: string, parent: string): boolean {
  return parent === '/' || path === parent || path.startsWith(`${parent}/`);
}

/**
 * The route tree of the given pages: a page sits below the deepest layout whose path contains it
 * (a layout of another remote that is not in the list leaves its pages at the top, as in a
 * harness), and pages that need more than their parent are grouped below the guard of that access.
 */
export function routeTree<E, T extends RemoteRoute>(
  routes: readonly T[],
  elements: RouteElements<E, T>,
): RouteNode<E>[] {
  const layouts = routes.filter((route) => route.layout);
  const parentOf = (route: T) =>
    layouts
      .filter(
        (layout) =>
          layout !== route &&
          isBelow(route.path, layout.path) &&
          (!route.layout || layout.path !== route.path),
      )
      .reduce<T | undefined>(
        (deepest, layout) =>
          deepest && deepest.path.length >= layout.path.length ? deepest : layout,
        undefined,
      );

  const level = (parent: T | undefined, parentAccess: Access): RouteNode<E>[] => {
    const nodes = routes
      .filter((route) => parentOf(route) === parent)
      .map((route) => ({ route, node: node(route, parent) }));
    const open = nodes.filter(
      ({ route }) => !elements.guard || accessRank[route.access] <= accessRank[parentAccess],
    );
    const { guard } = elements;
    const guarded = guard
      ? (['signedIn', 'admin'] as const)
          .map((access) => ({
            access,
            children: nodes.filter(
              ({ route }) => !open.some((o) => o.route === route) && route.access === access,
            ),
          }))
          .filter(({ children }) => children.length > 0)
          .map(({ access, children }) => ({
            element: guard(access),
            children: children.map(({ node }) => node),
          }))
      : [];
    return [...open.map(({ node }) => node), ...guarded];
  };

  const node = (route: T, parent: T | undefined): RouteNode<E> => {
    const path = relativePath(route.path, parent?.path ?? '/');
    if (route.layout)
      return { path, element: elements.page(route), children: level(route, route.access) };
    return path
      ? { path, element: elements.page(route) }
      : { index: true, element: elements.page(route) };
  };

  return level(undefined, 'public');
}

/**
 * A remote alone (its harness): its own pages on the shell's paths, without guards (the harness
 * has its own sign-in), and a link for each labelled page.
 */
export function harnessOf<R extends RemoteName, E>(remote: R, pages: Record<PageName<R>, E>) {
  return {
    routes: routeTree(routesOf(remote), { page: (route) => pages[route.page as PageName<R>] }),
    links: linksOf(remote),
  };
}

/**
 * What the shell shows instead of a remote it cannot load or that crashed, and how it marks it:
 * the shell renders these, the registry's smoke check (infra/registry/src/smoke.mjs) looks for them.
 * - `fallbackAttribute` is on every fallback (value `unavailable`: the remote's notice; `layout`: the
 *   shell's plain layout in place of a remote's layout page), with `data-remote="<remote>"`;
 * - `failuresKey` names the list on `window` of every failure the composition caught in this page
 *   load (`{ remote, kind: 'load' | 'render', message }`: a load failure, an error boundary's catch).
 */
export const compositionSignals = {
  fallbackAttribute: 'data-remote-fallback',
  failuresKey: '__toolshopRemoteFailures',
} as const;

/** The area each remote fills, as the shell's fallback names it. */
export const remoteAreaNames: Record<RemoteName, string> = {
  storefront: 'The shop',
  dashboard: 'The dashboard',
  admin: 'The admin area',
};

/** The title of the shell's fallback for a remote that cannot be shown (SPEC: "... is not available right now."). */
export const unavailableTitle = (remote?: RemoteName) =>
  `${remote ? remoteAreaNames[remote] : 'This part of the shop'} is not available right now.`;

/**
 * The modules the shell and every remote share as singletons (one copy per page: a second React,
 * router or auth store is a bug). The one build factory (libs/rspack-app/src/rspack-app.mjs) shares
 * them and the registry's compatibility gate (infra/registry/src/gates.mjs) requires them of a
 * candidate, both from this list. `sharedPackages` are shared at the version of node_modules;
 * `sharedWorkspaceLibs` are the workspace's own, at the version of their package.json (bumped with
 * what they export: `exports.json` beside it).
 */
export const sharedPackages = [
  'react',
  'react-dom',
  'react-router',
  'zustand',
  'react-toastify',
  // The one QueryClient of the composed site (server data) is provided by the shell.
  '@tanstack/react-query',
] as const;
export const sharedWorkspaceLibs = ['@toolshop/auth', '@toolshop/ui'] as const;
export const sharedSingletons = [...sharedPackages, ...sharedWorkspaceLibs] as const;
