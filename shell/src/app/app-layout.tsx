import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { setNavigate } from '@toolshop/auth';
import { TOAST_AUTO_CLOSE_MS } from '@toolshop/contracts';
import { useHydrated, visuallyHidden } from '@toolshop/ui';
import { Navbar } from '../features/navbar/navbar';
import { useRouteFocus } from '../lib/route-focus';
import styles from './app-layout.module.css';

/**
 * A skip link, the navbar, the page area and the one toast container of the shop (remotes call toast.*
 * directly). After a navigation focus moves to the new page's heading and the page is announced.
 */
export function AppLayout() {
  const navigate = useNavigate();
  // The shared API client navigates with the shell's router (e.g. to '/' after a 401).
  useEffect(() => setNavigate((path) => void navigate(path)), [navigate]);
  const main = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(useLocation().pathname, main);
  const hydrated = useHydrated();
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      <Navbar />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <p className={visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {/* At the bottom: a toast covers neither the navbar's account controls nor a page's heading.
          Not in the prerendered page: it mounts after the hydration (a toast raised before waits in
          react-toastify's queue). */}
      {hydrated && <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="bottom-right" />}
    </>
  );
}
