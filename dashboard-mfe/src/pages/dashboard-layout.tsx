import { Outlet } from 'react-router';
import { SidebarDrawer } from '../features/sidebar/sidebar-drawer';
import styles from './dashboard-layout.module.css';

/** The /dashboard frame: the sidebar beside the current child page. */
export default function DashboardLayout() {
  return (
    <div className={styles.layout} data-page-width="wide">
      <SidebarDrawer />
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
