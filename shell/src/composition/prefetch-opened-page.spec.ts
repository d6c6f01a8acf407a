import { useAuth } from '@toolshop/auth';
import { allRoutes, type RemoteRoute } from '@toolshop/routes';
import { prefetchOpenedPage } from './prefetch-opened-page';

function prefetchedAt(pathname: string) {
  const asked: string[] = [];
  prefetchOpenedPage(allRoutes(), pathname, (route: RemoteRoute, params) =>
    asked.push(`${route.remote}/${route.page} ${JSON.stringify(params)}`),
  );
  return asked;
}

beforeEach(() => useAuth.setState({ status: 'signedIn', isAdmin: false, adminChecked: false }));

it("asks for the layout and the page at the address at once, with the page's parameters", () => {
  expect(prefetchedAt('/dashboard/myOrders')).toEqual([
    'dashboard/DashboardLayout {}',
    'dashboard/MyOrdersPage {}',
  ]);
  expect(prefetchedAt('/tools/abc%20123')).toEqual([
    'storefront/ToolDetailPage {"toolId":"abc 123"}',
  ]);
  expect(prefetchedAt('/login')).toEqual([]);
});

it("asks for an admin page only once the admin check says it is an admin's", () => {
  const asked = prefetchedAt('/dashboard/manageOrders');
  expect(asked).toEqual(['dashboard/DashboardLayout {}']);
  useAuth.setState({ isAdmin: true, adminChecked: true });
  expect(asked).toEqual(['dashboard/DashboardLayout {}', 'admin/ManageOrdersPage {}']);
  useAuth.setState({ isAdmin: false, adminChecked: false });
  useAuth.setState({ isAdmin: true, adminChecked: true });
  expect(asked).toHaveLength(2);
});

it('never asks for an admin page for a user the check found not to be an admin', () => {
  const asked = prefetchedAt('/dashboard/manageOrders');
  useAuth.setState({ isAdmin: false, adminChecked: true });
  useAuth.setState({ isAdmin: true, adminChecked: true });
  expect(asked).toEqual(['dashboard/DashboardLayout {}']);
});

it('asks at once when the admin check is already done', () => {
  useAuth.setState({ isAdmin: true, adminChecked: true });
  expect(prefetchedAt('/dashboard/manageProducts')).toEqual([
    'dashboard/DashboardLayout {}',
    'admin/ManageProductsPage {}',
  ]);
});
