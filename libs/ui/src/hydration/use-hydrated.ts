import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server (a prerender) and while React hydrates prerendered markup; true right after
 * that, and at once in a plain client render. What renders only when it is true (the part of a page
 * below its first screen, the toast container) stays out of the prerendered HTML and out of the
 * hydration, so both match the server's markup exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
