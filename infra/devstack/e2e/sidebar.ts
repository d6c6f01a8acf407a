import { expect, type Page } from '@playwright/test';

/** The dashboard's sidebar: drawn by the dashboard remote, or by the shell's plain layout when it is down. */
export const dashboardSidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** The sidebar links an admin sees, in order. */
export const adminSidebarLinks = [
  'My Profile',
  'Make Admin',
  'Companies',
  'Add A Product',
  'Manage Products',
  'Manage All Orders',
  'Manage Reviews',
  'Manage Quotes',
  'Audit Log',
  'Remote Releases',
];

/**
 * The sidebar shows exactly these links, in this order, each visible. Retried until it holds, so
 * the role-specific links that appear once the admin check has answered are waited for.
 */
export async function expectSidebarLinks(page: Page, names: readonly string[]): Promise<void> {
  const links = dashboardSidebar(page).getByRole('link');
  await expect(links).toHaveText([...names]);
  for (const name of names) {
    await expect(dashboardSidebar(page).getByRole('link', { name, exact: true })).toBeVisible();
  }
}
