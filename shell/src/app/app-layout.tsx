import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setNavigate } from '@toolshop/auth';
import { visuallyHidden } from '@toolshop/ui';
import { Navbar } from '../features/navbar/navbar';
import { useRouteFocus } from '../lib/route-focus';
import { useScrollRestoration } from '../lib/scroll-restoration';
import { PreviewBanner } from './preview-banner';
import styles from './app-layout.module.css';

const Toasts = lazy(() => import('./toasts'));

/**
 * Whether some code has loaded react-toastify (the shared module says so: react-toastify-shared.mjs
 * of the devstack): only then the toast container is needed. False in the prerender and while
 * React hydrates it.
 */
const useToastsLoaded = () =>
  useSyncExternalStore(
    (changed) => {
      addEventListener('toolshop:toasts-loaded', changed);
      return () => removeEventListener('toolshop:toasts-loaded', changed);
    },
    () => Boolean((globalThis as { __toolshopToastsLoaded?: boolean }).__toolshopToastsLoaded),
    () => false,
  );

/**
 * A skip link, the navbar, the page area and the one toast container of the shop (remotes call toast.*
 * directly). After a navigation focus moves to the new page's heading and the page is announced,
 * and the window scrolls to the new page's top (or, on Back, to where the page was left).
 */
export function AppLayout() {
  const navigate = useNavigate();
  // The shared API client navigates with the shell's router (e.g. to '/' after a 401).
  useEffect(() => setNavigate((path) => void navigate(path)), [navigate]);
  const main = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(useLocation().pathname, main);
  useScrollRestoration();
  const toastsLoaded = useToastsLoaded();
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      <PreviewBanner />
      <Navbar />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <p className={visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {toastsLoaded && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
