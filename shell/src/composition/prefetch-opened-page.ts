import { useAuth } from '@toolshop/auth';
import type { RemoteRoute } from '@toolshop/routes';
import { remotePagesAt, routeParams } from './remote-pages-at';

/** Calls `then` once the admin check says the user is an admin; never for anyone else. */
function whenAdmin(then: () => void): void {
  const settled = ({ adminChecked, isAdmin }: ReturnType<typeof useAuth.getState>) => {
    if (!adminChecked) return false;
    if (isAdmin) then();
    return true;
  };
  if (settled(useAuth.getState())) return;
  const unsubscribe = useAuth.subscribe((state) => {
    if (settled(state)) unsubscribe();
  });
}

/**
 * A signed-in full load of a page the server does not prerender (the dashboard's): the remote pages
 * at `pathname` (the layout and the page in it) and their data start loading at once, instead of
 * each after the part above it has rendered (the layout, the admin check, the page, then its
 * queries: about 0.5 s one after another on Manage All Orders). An admin page waits for the admin
 * check, as its route does, so nobody else asks for its data. Loaded on demand, as
 * prefetch-on-intent.ts is: `routes` and `preload` come from the start-up chunk.
 */
export function prefetchOpenedPage(
  routes: RemoteRoute[],
  pathname: string,
  preload: (route: RemoteRoute, params: Record<string, string>) => void,
): void {
  for (const route of remotePagesAt(routes, pathname)) {
    const params = routeParams(route.path, pathname);
    if (route.access === 'admin') whenAdmin(() => preload(route, params));
    else preload(route, params);
  }
}
