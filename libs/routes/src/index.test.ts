import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@toolshop/settings/repo-root';
import {
  allRoutes,
  exposesOf,
  harnessOf,
  navbarLinks,
  pageModule,
  remoteNames,
  routeTree,
  sidebarLinks,
} from './index.ts';

const tree = () =>
  routeTree(allRoutes(), {
    page: (route) => `${route.remote}/${route.page}`,
    guard: (access) => `guard:${access}`,
  });

describe('the route tables', () => {
  it('name each page by the module the remote exposes', () => {
    assert.equal(pageModule('ToolDetailPage'), './src/pages/tool-detail-page.tsx');
    for (const remote of remoteNames) {
      for (const module of Object.values(exposesOf(remote))) {
        assert.ok(
          existsSync(join(repoRoot, `${remote}-mfe`, module)),
          `${remote}-mfe/${module} exists`,
        );
      }
    }
  });

  it('give the exposes of CONTRIBUTING.md', () => {
    assert.deepEqual(Object.keys(exposesOf('dashboard')), [
      './DashboardLayout',
      './ProfilePage',
      './CompanyPage',
      './JoinCompanyPage',
      './AddReviewPage',
      './MyOrdersPage',
      './QuickOrderPage',
      './SavedListsPage',
      './QuotesPage',
      './QuotePage',
      './PaymentPage',
    ]);
  });

  it('build the shell routes of SPEC.md §2: guards where a page needs more than its parent', () => {
    assert.deepEqual(tree(), [
      { index: true, element: 'storefront/HomePage' },
      { path: 'blogs', element: 'storefront/BlogsPage' },
      { path: 'portfolio', element: 'storefront/PortfolioPage' },
      {
        element: 'guard:signedIn',
        children: [
          { path: 'tools/:toolId', element: 'storefront/ToolDetailPage' },
          {
            path: 'dashboard',
            element: 'dashboard/DashboardLayout',
            children: [
              { index: true, element: 'dashboard/ProfilePage' },
              { path: 'company', element: 'dashboard/CompanyPage' },
              { path: 'company/join', element: 'dashboard/JoinCompanyPage' },
              { path: 'review', element: 'dashboard/AddReviewPage' },
              { path: 'myOrders', element: 'dashboard/MyOrdersPage' },
              { path: 'quickOrder', element: 'dashboard/QuickOrderPage' },
              { path: 'lists', element: 'dashboard/SavedListsPage' },
              { path: 'quotes', element: 'dashboard/QuotesPage' },
              { path: 'quotes/:id', element: 'dashboard/QuotePage' },
              { path: 'payment/:id', element: 'dashboard/PaymentPage' },
              {
                element: 'guard:admin',
                children: [
                  { path: 'users', element: 'admin/MakeAdminPage' },
                  { path: 'companies', element: 'admin/CompaniesPage' },
                  { path: 'companies/:id', element: 'admin/CompanyAdminPage' },
                  { path: 'addProduct', element: 'admin/AddProductPage' },
                  { path: 'manageProducts', element: 'admin/ManageProductsPage' },
                  { path: 'manageOrders', element: 'admin/ManageOrdersPage' },
                  { path: 'manageReviews', element: 'admin/ManageReviewsPage' },
                  { path: 'manageQuotes', element: 'admin/ManageQuotesPage' },
                  { path: 'auditLog', element: 'admin/AuditLogPage' },
                  { path: 'remoteReleases', element: 'admin/RemoteReleasesPage' },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('build a harness without the layout of another remote and without guards', () => {
    const admin = harnessOf('admin', {
      MakeAdminPage: 'M',
      CompaniesPage: 'Co',
      CompanyAdminPage: 'C1',
      AddProductPage: 'A',
      ManageProductsPage: 'P',
      ManageOrdersPage: 'O',
      ManageReviewsPage: 'R',
      ManageQuotesPage: 'Qu',
      AuditLogPage: 'L',
      RemoteReleasesPage: 'RR',
    });
    assert.deepEqual(admin.routes, [
      { path: 'dashboard/users', element: 'M' },
      { path: 'dashboard/companies', element: 'Co' },
      { path: 'dashboard/companies/:id', element: 'C1' },
      { path: 'dashboard/addProduct', element: 'A' },
      { path: 'dashboard/manageProducts', element: 'P' },
      { path: 'dashboard/manageOrders', element: 'O' },
      { path: 'dashboard/manageReviews', element: 'R' },
      { path: 'dashboard/manageQuotes', element: 'Qu' },
      { path: 'dashboard/auditLog', element: 'L' },
      { path: 'dashboard/remoteReleases', element: 'RR' },
    ]);
    const pages = {
      DashboardLayout: 'L',
      ProfilePage: 'P',
      CompanyPage: 'C',
      JoinCompanyPage: 'J',
      AddReviewPage: 'R',
      MyOrdersPage: 'O',
      QuickOrderPage: 'Q',
      SavedListsPage: 'SL',
      QuotesPage: 'Qs',
      QuotePage: 'Qo',
      PaymentPage: 'Pay',
    };
    assert.deepEqual(harnessOf('dashboard', pages).routes, [
      {
        path: 'dashboard',
        element: 'L',
        children: [
          { index: true, element: 'P' },
          { path: 'company', element: 'C' },
          { path: 'company/join', element: 'J' },
          { path: 'review', element: 'R' },
          { path: 'myOrders', element: 'O' },
          { path: 'quickOrder', element: 'Q' },
          { path: 'lists', element: 'SL' },
          { path: 'quotes', element: 'Qs' },
          { path: 'quotes/:id', element: 'Qo' },
          { path: 'payment/:id', element: 'Pay' },
        ],
      },
    ]);
    const storefront = harnessOf('storefront', {
      HomePage: 'H',
      BlogsPage: 'B',
      PortfolioPage: 'P',
      ToolDetailPage: 'T',
    });
    assert.deepEqual(storefront.links, {
      Home: '/',
      Blogs: '/blogs',
      'My Portfolio': '/portfolio',
    });
    assert.deepEqual(harnessOf('dashboard', pages).links, {
      'My Profile': '/dashboard',
      'My Company': '/dashboard/company',
      'Add A Review': '/dashboard/review',
      'My Orders': '/dashboard/myOrders',
      'Quick Order': '/dashboard/quickOrder',
      'Saved Lists': '/dashboard/lists',
      Quotes: '/dashboard/quotes',
    });
  });

  it('list the navbar: the public pages with a label', () => {
    assert.deepEqual(navbarLinks(), [
      { to: '/', label: 'Home' },
      { to: '/blogs', label: 'Blogs' },
      { to: '/portfolio', label: 'My Portfolio' },
    ]);
  });

  it('list the sidebar: My Profile for everyone, then the customer or the admin pages', () => {
    assert.deepEqual(sidebarLinks(false), [
      { to: '.', label: 'My Profile' },
      { to: 'company', label: 'My Company' },
      { to: 'review', label: 'Add A Review' },
      { to: 'myOrders', label: 'My Orders' },
      { to: 'quickOrder', label: 'Quick Order' },
      { to: 'lists', label: 'Saved Lists' },
      { to: 'quotes', label: 'Quotes' },
    ]);
    assert.deepEqual(
      sidebarLinks(true).map((link) => link.to),
      [
        '.',
        'users',
        'companies',
        'addProduct',
        'manageProducts',
        'manageOrders',
        'manageReviews',
        'manageQuotes',
        'auditLog',
        'remoteReleases',
      ],
    );
  });
});
