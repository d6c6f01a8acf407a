import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router';
import { signOut, useAuth } from '@toolshop/auth';
import { navbarLinks, sidebarLinks } from '@toolshop/routes';
import { Skeleton } from '@toolshop/ui';
import { Avatar } from '../../components/avatar';
import { focusableIn, trappedFocusTarget } from '../../lib/focus-trap';
import styles from './sidebar-drawer.module.css';

const SIDEBAR_ID = 'dashboard-sidebar';

/**
 * A drawer modal while open: its first link takes focus, Escape closes it (focus back on its
 * button), Tab and Shift+Tab stay inside.
 */
function useTrappedFocus(
  open: boolean,
  navRef: RefObject<HTMLDivElement | null>,
  close: () => void,
) {
  const onClose = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !navRef.current) return;
      const target = trappedFocusTarget(
        focusableIn(navRef.current),
        document.activeElement,
        event.shiftKey,
      );
      if (target) {
        event.preventDefault();
        target.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, navRef]);
}

/**
 * The dashboard's navigation: a fixed column on wide screens, a drawer behind a menu button on small ones
 * (there also with the site's links and Sign Out: the one menu of dashboard pages on phones)
 * (modal while open: focus stays inside until Escape, the close button, the backdrop or a link closes it).
 */
export function SidebarDrawer() {
  const user = useAuth((s) => s.user);
  const isAdmin = useAuth((s) => s.isAdmin);
  const adminChecked = useAuth((s) => s.adminChecked);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const navRef = useRef<HTMLDivElement>(null);

  // A chosen link navigates: the drawer has done its job.
  useEffect(() => setOpen(false), [pathname]);

  useTrappedFocus(open, navRef, close);

  // Until the admin check answers, the role-specific links are unknown: show placeholders, not
  // the wrong set of links.
  const links = sidebarLinks(isAdmin);
  const visibleLinks = adminChecked ? links : links.slice(0, 1);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={SIDEBAR_ID}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            d="M3 6h18M3 12h18M3 18h18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        Dashboard menu
      </button>
      {open && (
        <div className={styles.backdrop} aria-hidden="true" onClick={() => setOpen(false)} />
      )}
      <div
        id={SIDEBAR_ID}
        ref={navRef}
        className={open ? `${styles.sidebar} ${styles.open}` : styles.sidebar}
      >
        <nav aria-label="Dashboard">
          {user && (
            <div className={styles.account}>
              <Avatar name={user.displayName || user.email} />
              <span className={styles.identity}>
                <span className={styles.name} title={user.displayName || user.email}>
                  {user.displayName || user.email}
                </span>
                <span className={styles.email} title={user.email}>
                  {user.email}
                </span>
              </span>
              <button
                type="button"
                className={styles.close}
                aria-label="Close menu"
                onClick={close}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </div>
          )}
          <ul className={styles.links} aria-busy={!adminChecked}>
            {visibleLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '.'}
                  className={({ isActive }) =>
                    isActive ? `${styles.link} ${styles.active}` : styles.link
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            {!adminChecked &&
              [0, 1].map((i) => (
                <li key={i} className={styles.placeholder}>
                  <Skeleton />
                </li>
              ))}
          </ul>
        </nav>
        {/* Phones: the shell's navbar hides its own menu on dashboard pages, so this is the one menu. */}
        <nav aria-label="Site" className={styles.site}>
          <ul className={styles.links}>
            {navbarLinks().map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={styles.link}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className={styles.link} onClick={() => void signOut()}>
                Sign Out
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </>
  );
}
