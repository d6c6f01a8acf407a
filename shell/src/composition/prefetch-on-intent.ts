import type { RemoteRoute } from '@toolshop/routes';
import { remotePagesAt, routeParams } from './remote-pages-at';

/**
 * Client-side navigation without waiting for a remote: a pointer resting on a link of the site (the
 * navbar, the dashboard's sidebar, a Buy Now button), a touch or a focus on it starts loading the
 * remote page it leads to (its entry and chunks) and its data (the page's `prefetch`, given the
 * path's parameters), so the click finds both on their way. Once per path. A click nothing
 * announced (a screen reader's, a script's) starts them too: at once, where the route would ask
 * for the page only once React renders it and for its data once it has rendered the page.
 * Loaded on demand (a signed-in user's pages): `routes` and `preload` come from the start-up chunk.
 */
export function prefetchOnIntent(
  routes: RemoteRoute[],
  preload: (route: RemoteRoute, params: Record<string, string>) => void,
): void {
  const seen = new Set<string>();
  const intent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (
      !(link instanceof HTMLAnchorElement) ||
      link.origin !== window.location.origin ||
      seen.has(link.pathname)
    )
      return;
    seen.add(link.pathname);
    for (const route of remotePagesAt(routes, link.pathname))
      preload(route, routeParams(route.path, link.pathname));
  };
  for (const type of ['pointerover', 'touchstart', 'focusin', 'click'])
    document.addEventListener(type, intent, { passive: true });
}
