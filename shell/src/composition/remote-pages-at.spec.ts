import { allRoutes } from '@toolshop/routes';
import { remotePagesAt, routeParams } from './remote-pages-at';

const pages = (path: string) =>
  remotePagesAt(allRoutes(), path).map(({ remote, page }) => `${remote}/${page}`);

it("names the remote page of a link's path, with its parameters and in any case", () => {
  expect(pages('/blogs')).toEqual(['storefront/BlogsPage']);
  expect(pages('/tools/abc123')).toEqual(['storefront/ToolDetailPage']);
  expect(pages('/Blogs/')).toEqual(['storefront/BlogsPage']);
});

it('names the layout above a page of the dashboard too, and nothing for a page of the shell', () => {
  expect(pages('/dashboard/myOrders')).toEqual([
    'dashboard/DashboardLayout',
    'dashboard/MyOrdersPage',
  ]);
  expect(pages('/dashboard/manageOrders')).toEqual([
    'dashboard/DashboardLayout',
    'admin/ManageOrdersPage',
  ]);
  expect(pages('/login')).toEqual([]);
});

it("reads a link's route parameters, decoded, for the page's prefetch", () => {
  expect(routeParams('/tools/:toolId', '/tools/abc%20123/')).toEqual({ toolId: 'abc 123' });
  expect(routeParams('/tools/:toolId', '/tools/%E0%A4%A')).toEqual({ toolId: '%E0%A4%A' });
  expect(routeParams('/blogs', '/blogs')).toEqual({});
  expect(routeParams('/tools/:toolId', '/blogs')).toEqual({});
});
