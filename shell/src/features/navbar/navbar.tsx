import { useEffect, useState, useSyncExternalStore } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { signOut, useAuth } from '@toolshop/auth';
import { navbarLinks } from '@toolshop/routes';
import { Spinner, classNames } from '@toolshop/ui';
import { loginStateFor } from '../../lib/login-state';
import styles from './navbar.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  classNames(styles.link, isActive && styles.active);

/**
 * The session's status, or 'unknown' in the prerendered page and while React hydrates it: the server
 * knows nothing of the session (its tokens are in the browser), so the account area is a blank of
 * Login's size until the browser has read it; no signed-in user ever sees Login flash (home page performance).
 */
const useStatus = () =>
  useSyncExternalStore(
    useAuth.subscribe,
    () => useAuth.getState().status,
    () => 'unknown' as const,
  );

/** SPEC §2: always Home, Blogs, My Portfolio; signed in also Dashboard, the email and Sign Out; else Login (back to this page afterwards). */
export function Navbar() {
  const status = useStatus();
  const email = useAuth((s) => s.user?.email);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  // The phone menu opened before the hydration (#main-menu): the button takes it over, open.
  const navigate = useNavigate();
  const openedEarly = status !== 'unknown' && location.hash === '#main-menu';
  useEffect(() => {
    if (!openedEarly) return;
    setOpen(true);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [openedEarly, navigate, location.pathname, location.search]);

  return (
    <header
      className={classNames(
        styles.header,
        location.pathname.startsWith('/dashboard') && styles.dashboardPage,
      )}
    >
      <nav className={styles.inner} aria-label="Main">
        <NavLink to="/" className={styles.brand}>
          Tool<span>shop</span>
        </NavLink>
        {status === 'unknown' ? (
          // Before the hydration (the prerendered home page): a plain link that opens the phone menu
          // with CSS (.menu:target), since the button below acts only once React runs.
          <a className={styles.toggle} href="#main-menu">
            Menu
          </a>
        ) : (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen((value) => !value)}
          >
            Menu
          </button>
        )}
        <ul
          id="main-menu"
          className={classNames(
            styles.menu,
            open && styles.open,
            status === 'unknown' && styles.early,
          )}
        >
          {navbarLinks().map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'} className={linkClass}>
                {label}
              </NavLink>
            </li>
          ))}
          {status === 'signedIn' && (
            <li>
              <NavLink to="/dashboard" className={linkClass}>
                Dashboard
              </NavLink>
            </li>
          )}
          <li className={styles.spacer} aria-hidden="true" />
          {status === 'loading' && (
            <li>
              <Spinner size="small" label="Loading your session" />
            </li>
          )}
          {status === 'signedIn' && (
            <>
              <li className={styles.email} title={email}>
                {email}
              </li>
              <li>
                <button type="button" className={styles.signOut} onClick={() => void signOut()}>
                  Sign Out
                </button>
              </li>
            </>
          )}
          {status === 'unknown' && (
            <li aria-hidden="true">
              <span className={classNames(styles.link, styles.pending)}>Login</span>
            </li>
          )}
          {status === 'signedOut' && (
            <li>
              <NavLink to="/login" state={loginStateFor(location)} className={linkClass}>
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
