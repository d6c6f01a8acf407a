// Failure isolation between remotes: while any one remote is down, the pages of the other two keep
// working, including the admin pages that sit below the dashboard's layout (the shell then
// supplies a plain layout with the dashboard's links).
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import {
  adminSidebarLinks,
  dashboardSidebar,
  expect,
  expectSidebarLinks,
  stack,
  test,
} from '@toolshop/devstack/e2e';
import { remoteFallback, type RemoteName } from './remote-fallback';

/** One page of each remote and how to tell it works. */
const pageOf: Record<RemoteName, { path: string; works: (page: Page) => Promise<void> }> = {
  storefront: {
    path: '/blogs',
    works: async (page) => {
      await expect(page).toHaveTitle(/Blogs/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  dashboard: {
    path: '/dashboard',
    works: async (page) => {
      await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
      await expect(page.getByRole('main').getByText('admin@toolshop.test').first()).toBeVisible();
    },
  },
  admin: {
    path: '/dashboard/manageProducts',
    works: async (page) => {
      await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
    },
  },
};

for (const down of ['storefront', 'dashboard', 'admin'] as const) {
  const up = (['storefront', 'dashboard', 'admin'] as const).filter((remote) => remote !== down);

  test(`${down} down: the ${up.join(' and ')} pages work`, async ({ page, signIn }) => {
    await signIn('admin');
    await page
      .context()
      .route(`${stack.remotes[down]}/**`, (route) => route.abort('connectionrefused'));

    await page.goto(pageOf[down].path);
    await expect(remoteFallback(page, down)).toBeVisible();

    for (const remote of up) {
      await test.step(`${remote}: ${pageOf[remote].path}`, async () => {
        await page.goto(pageOf[remote].path);
        await pageOf[remote].works(page);
        await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      });
    }
  });
}

test('dashboard down: the shell frames the admin pages with the dashboard links, and they navigate', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page
    .context()
    .route(`${stack.remotes.dashboard}/**`, (route) => route.abort('connectionrefused'));

  await page.goto('/dashboard/manageProducts');
  await pageOf.admin.works(page);
  await expectSidebarLinks(page, adminSidebarLinks);
  const links = dashboardSidebar(page);
  await expect(links.getByRole('link', { name: 'Manage Products' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.screenshot({ path: test.info().outputPath('dashboard-down-admin-page.png') });
  // axe-core evaluated through the debugging protocol (the strict CSP refuses a <script> tag)
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { run } = (
      window as unknown as {
        axe: { run: (...args: unknown[]) => Promise<{ violations: { id: string }[] }> };
      }
    ).axe;
    const result = await run(
      { include: [['main']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations.map(({ id }) => id);
  });
  expect(violations).toEqual([]);

  await links.getByRole('link', { name: 'Make Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();
  await links.getByRole('link', { name: 'My Profile' }).click();
  await expect(remoteFallback(page, 'dashboard')).toBeVisible();
});

test("a dashboard layout module that throws is replaced by the shell's layout, the admin page stays", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  // The layout module of the dashboard throws when it runs (a broken release of that one module).
  await page.context().route(/__federation_expose_DashboardLayout\.\w+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'throw new Error("broken DashboardLayout");',
    }),
  );
  await page.goto('/dashboard/manageProducts');
  await pageOf.admin.works(page);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Make Admin' }),
  ).toBeVisible();
});
