export interface SidebarLink {
  /** Relative to the dashboard route, so the layout works wherever the shell mounts it. */
  to: string;
  label: string;
}

const profileLink: SidebarLink = { to: '.', label: 'My Profile' };

const customerLinks: SidebarLink[] = [
  { to: 'review', label: 'Add A Review' },
  { to: 'myOrders', label: 'My Orders' },
];

const adminLinks: SidebarLink[] = [
  { to: 'users', label: 'Make Admin' },
  { to: 'addProduct', label: 'Add A Product' },
  { to: 'manageProducts', label: 'Manage Products' },
  { to: 'manageOrders', label: 'Manage All Orders' },
];

/** SPEC.md §2: My Profile for everyone; customers review and order, admins manage the shop. */
export function sidebarLinks(isAdmin: boolean): SidebarLink[] {
  return [profileLink, ...(isAdmin ? adminLinks : customerLinks)];
}
