import { NavLink, Outlet } from 'react-router';
import { useAuth } from '@toolshop/auth';
import { compositionSignals, sidebarLinks } from '@toolshop/routes';
import styles from './fallback-layout.module.css';

/**
 * The shell's plain stand-in for a layout page whose remote is down or crashed (the dashboard's
 * `./DashboardLayout`): the links of the dashboard's sidebar and the child page, so the pages of
 * other remotes below it (the admin pages) keep working. The down remote's own pages show their
 * own fallback in the page area.
 */
export function FallbackLayout() {
  const isAdmin = useAuth((s) => s.isAdmin);
  const adminChecked = useAuth((s) => s.adminChecked);
  // Until the admin check answers only the link everyone has, as the dashboard's own sidebar does.
  const links = adminChecked ? sidebarLinks(isAdmin) : sidebarLinks(false).slice(0, 1);
  // marked as a fallback (the registry's smoke check refuses a candidate that shows it)
  const marker = { [compositionSignals.fallbackAttribute]: 'layout' };
  return (
    <div className={styles.layout} {...marker}>
      <nav aria-label="Dashboard">
        <ul className={styles.links}>
          {links.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end className={styles.link}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
