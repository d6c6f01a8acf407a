import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { setNavigate } from '@toolshop/auth';
import { TOAST_AUTO_CLOSE_MS } from '@toolshop/contracts';
import { Navbar } from '../features/navbar/navbar';
import styles from './app-layout.module.css';

/** Navbar, the page area and the one toast container of the shop (remotes call toast.* directly). */
export function AppLayout() {
  const navigate = useNavigate();
  // The shared API client navigates with the shell's router (e.g. to '/' after a 401).
  useEffect(() => setNavigate((path) => void navigate(path)), [navigate]);
  return (
    <>
      <Navbar />
      <main className={styles.main}>
        <Outlet />
      </main>
      {/* At the bottom: a toast covers neither the navbar's account controls nor a page's heading. */}
      <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="bottom-right" />
    </>
  );
}
