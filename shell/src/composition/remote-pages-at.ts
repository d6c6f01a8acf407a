import type { RemoteRoute } from '@toolshop/routes';

/** A route path ('/tools/:toolId') as a test of a pathname, as React Router matches it (any case). */
const pattern = (path: string) =>
  new RegExp(`^${path.replace(/:([^/]+)/g, '(?<$1>[^/]+)')}/?$`, 'i');

/** The values of a route path's parameters in a pathname it matches ({ toolId: '…' }), decoded. */
export function routeParams(path: string, pathname: string): Record<string, string> {
  const groups = pattern(path).exec(pathname)?.groups ?? {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(groups)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value; // a malformed escape: as React Router, keep it as it is
    }
  }
  return params;
}

/**
 * The remote pages a pathname renders among `routes` (libs/routes' allRoutes()): its page, and the
 * layout page above it (the dashboard's). The routes come as an argument: this module loads on
 * demand, and importing what the start-up chunk holds would cost that chunk its scope hoisting.
 */
export function remotePagesAt(routes: RemoteRoute[], pathname: string): RemoteRoute[] {
  return routes.filter(
    (route) =>
      pattern(route.path).test(pathname) ||
      (route.layout && pathname.toLowerCase().startsWith(`${route.path.toLowerCase()}/`)),
  );
}
