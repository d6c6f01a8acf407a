import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, stack, test, type ApiClient } from '@toolshop/devstack/e2e';
import type { Page } from '@playwright/test';

// Orders at a glance: My Orders shows when and where each order goes;
// the payment summary of a quick order lists its lines instead of adding up units of different
// tools; a dashboard heading scrolled to stops below the sticky navbar.

const WIDTHS = [375, 1280, 1920] as const;

async function createTool(admin: ApiClient, name: string, price: number) {
  const { insertedId } = await admin.post<{ insertedId: string }>('/tools', {
    name: `${name} ${randomUUID().slice(0, 8)}`,
    img: `${stack.api}/images/cordless-drill.webp`,
    shortDescription: 'A tool for the orders-at-a-glance tests.',
    minOrder: 5,
    available: 500,
    price,
  });
  return insertedId;
}

/** The navbar's bottom edge and the top edge of `heading`, in the viewport. */
async function edges(page: Page, heading: ReturnType<Page['getByRole']>) {
  const navbar = await page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => {
    const header = nav.closest('header') ?? nav;
    return header.getBoundingClientRect().bottom;
  });
  const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
  return { navbar, top };
}

test('My Orders shows each order’s date and ship-to; a quick order’s payment lists its lines', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const [admin, customer] = [await apiAs('admin'), await apiAs(freshUser)];
  const drill = await createTool(admin, 'Summary Drill', 20);
  const saw = await createTool(admin, 'Summary Saw', 30);
  const address = '12 Workshop Lane, Pittsburgh';
  const { insertedId: orderId } = await customer.post<{ insertedId: string }>('/quickOrders', {
    lines: [
      { toolId: drill, quantity: 45 },
      { toolId: saw, quantity: 50 },
    ],
    address,
    phone: '+1 555 0100',
  });
  await signIn(freshUser);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/myOrders');
    const row = page
      .getByRole('table', { name: 'Your orders' })
      .getByRole('row')
      .filter({ hasText: 'Summary Drill' });
    await expect(row.getByRole('term').filter({ hasText: /^Ship to$/ })).toBeVisible();
    await expect(row.getByRole('definition').filter({ hasText: address })).toBeVisible();
    await expect(row.getByRole('term').filter({ hasText: /^Placed$/ })).toBeVisible();
    // Today's date, as the reader's locale writes it.
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date()),
    );
    await expect(row.getByRole('definition').filter({ hasText: today })).toBeVisible();
    // Units of different tools are not added up here either: the lines say each quantity.
    await expect(row.getByText('95', { exact: true })).toHaveCount(0);
    await row.getByText('2 lines').click();
    await expect(row.getByRole('list', { name: /^Lines of / }).getByRole('listitem')).toHaveCount(
      2,
    );
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`my-orders-${width}.png`),
      fullPage: true,
    });

    await page.goto(`/dashboard/payment/${orderId}`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    const lines = summary.getByRole('list', { name: 'Lines of this order' });
    await expect(lines.getByRole('listitem')).toHaveCount(2);
    await expect(lines.getByText(/Summary Drill/)).toBeVisible();
    await expect(lines.getByText(/Summary Saw/)).toBeVisible();
    // 45 drills and 50 saws are not "Quantity 95".
    await expect(summary.getByText('Quantity', { exact: true })).toHaveCount(0);
    await expect(summary.getByText('95', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`payment-summary-${width}.png`),
      fullPage: true,
    });
  }
});

test('a dashboard heading scrolled into view stops below the sticky navbar, as the sidebar does', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  for (const width of WIDTHS) {
    // As tall as a small laptop's window: the whole sidebar fits below the navbar there.
    await page.setViewportSize({ width, height: 640 });
    await page.goto('/dashboard/review');
    const heading = page.getByRole('heading', { name: 'Your reviews' });
    await expect(heading).toBeAttached();
    // The page is taller than the window: scroll down, then bring the heading back into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    const { navbar, top } = await edges(page, heading);
    expect(top).toBeGreaterThanOrEqual(navbar);
    if (width >= 1280) {
      const sidebar = await page
        .locator('#dashboard-sidebar')
        .evaluate((element) => element.getBoundingClientRect().top);
      expect(sidebar).toBeGreaterThanOrEqual(navbar);
    }
    await page.screenshot({ path: test.info().outputPath(`heading-below-navbar-${width}.png`) });
  }
});

test('quick order counts one line to correct as "1 needs attention"', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await page.goto('/dashboard/quickOrder');
  await page.getByLabel('Products and quantities').fill('No Such Tool Anywhere, 5');
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(
    page.getByText('1 line checked: 1 needs attention. Correct it and check again.'),
  ).toBeVisible();
});
