import type { ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { ProfileRedirect, routes } from './routes';

describe('the verification link target /profile', () => {
  it('is routed to the redirect to the profile page, not the not-found page', () => {
    const matched = matchRoutes(routes, '/profile')?.at(-1)?.route;
    expect(matched?.path).toBe('profile');
    expect((matched?.element as ReactElement).type).toBe(ProfileRedirect);
  });
});

describe("the remotes' pages, built from their route tables", () => {
  /** The elements from the root to the page: components by name, remote pages as remote/page. */
  const chain = (path: string) =>
    matchRoutes(routes, path)?.map(({ route }) => {
      const element = route.element as ReactElement<{ remote?: string; exposed?: string }>;
      return element.props.remote
        ? `${element.props.remote}/${element.props.exposed}`
        : (element.type as { name: string }).name;
    });

  it('are open where anyone may see them', () => {
    expect(chain('/')).toEqual(['AppLayout', 'storefront/HomePage']);
    expect(chain('/blogs')).toEqual(['AppLayout', 'storefront/BlogsPage']);
  });

  it('need a session below RequireAuth, and admin rights below RequireAdmin inside the dashboard layout', () => {
    expect(chain('/tools/t1')).toEqual(['AppLayout', 'RequireAuth', 'storefront/ToolDetailPage']);
    expect(chain('/dashboard')).toEqual([
      'AppLayout',
      'RequireAuth',
      'dashboard/DashboardLayout',
      'dashboard/ProfilePage',
    ]);
    expect(chain('/dashboard/payment/o1')).toEqual([
      'AppLayout',
      'RequireAuth',
      'dashboard/DashboardLayout',
      'dashboard/PaymentPage',
    ]);
    expect(chain('/dashboard/manageOrders')).toEqual([
      'AppLayout',
      'RequireAuth',
      'dashboard/DashboardLayout',
      'RequireAdmin',
      'admin/ManageOrdersPage',
    ]);
  });

  it('mark the dashboard layout as a layout: the shell stands in for it while the dashboard is down', () => {
    const layouts = matchRoutes(routes, '/dashboard/users')
      ?.map(({ route }) => route.element as ReactElement<{ layout?: boolean; exposed?: string }>)
      .filter((element) => element.props.layout)
      .map((element) => element.props.exposed);
    expect(layouts).toEqual(['DashboardLayout']);
  });
});
