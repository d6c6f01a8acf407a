// The admin tables fit their page at every width, whatever the data's length, and use wide screens.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiClient,
  createUser,
  expect,
  expectNoSidewaysScroll,
  expectWordsWhole,
  test,
  type ApiClient,
} from '@toolshop/devstack/e2e';

const WIDE = [1280, 1440, 1920];
const PHONE = 375;

/** A product with a long name, ordered by a customer with a long email and name (unpaid). */
async function longOrder(admin: ApiClient) {
  const id = randomUUID().slice(0, 8);
  const tools = await admin.get<{ img: string }[]>('/tools');
  const name = `E2E Heavy-Duty Cordless Rotary Hammer Drill with Variable Speed ${id}`;
  await admin.post('/tools', {
    name,
    img: tools[0]!.img,
    shortDescription: 'A product with a long name for the layout tests',
    minOrder: 1,
    available: 1000,
    price: 999_999,
  });
  const tool = (await admin.get<{ _id: string; name: string }[]>('/tools')).find(
    (t) => t.name === name,
  )!;
  const customer = await createUser({
    // Long, within the shop's name rule (at most 60 characters).
    name: `Maximiliana Alexandrovna Featherstonehaugh-Wolfe ${id}`,
    email: `maximilianafeatherstonehaughprocurement${id}@verylongcompanynameexample.com`,
  });
  const customerApi = await apiClient(customer);
  await customerApi.post('/orders', {
    toolId: tool._id,
    address: '12 Elm Street, Springfield',
    phone: '+1 555 0100',
    orderQuantity: 1,
  });
  return { tool, customer };
}

/**
 * The button is inside the viewport and nothing covers it (a trial click hits it). Scrolled to the
 * middle: `scrollIntoViewIfNeeded` leaves a button a fraction of a pixel past the viewport's edge
 * where it stands, and what renders after the rows (the overview's charts above them) may move it.
 */
async function reachable(page: Page, button: ReturnType<Page['getByRole']>) {
  await button.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
  await expect(button).toBeInViewport({ ratio: 1 });
  await button.click({ trial: true, timeout: 3_000 });
  const box = (await button.boundingBox())!;
  const card = await button.evaluate((el) => {
    // The nearest clipping ancestor must show the whole button.
    let node = el.parentElement;
    while (node) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible') {
        const r = node.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }
      node = node.parentElement;
    }
    return null;
  });
  if (card) {
    expect(box.x).toBeGreaterThanOrEqual(card.left - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(card.right + 0.5);
  }
}

test('Manage All Orders shows its actions and no sideways scroll for long data at 375–1920 px', async ({
  page,
  signIn,
  apiAs,
}) => {
  test.slow();
  const { tool, customer } = await longOrder(await apiAs('admin'));
  await signIn('admin');
  for (const width of [...WIDE, PHONE]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/manageOrders');
    await page
      .getByRole('group', { name: 'Show orders' })
      .getByText('Unpaid', { exact: true })
      .click();
    const row = page.getByRole('row', { name: new RegExp(customer.email) });
    await expect(row).toContainText(tool.name);
    await expect(row).toContainText(/1 unit(?!s)/);
    await reachable(page, row.getByRole('button', { name: /^Cancel order of/ }));
    await expectNoSidewaysScroll(page);
    // The state's badge and History stacked, whole (on a phone's card too).
    await expectWordsWhole(row.getByRole('cell').nth(4));
    await page.screenshot({
      path: test.info().outputPath(`manage-orders-${width}.png`),
      fullPage: true,
    });
  }
});

test('Manage All Orders does not scroll sideways on a phone while its 30 days load', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.setViewportSize({ width: PHONE, height: 800 });
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/adminOrders\/stats\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/manageOrders');
  const overview = page.getByRole('region', { name: 'Last 30 days' });
  await expect(overview).toHaveAttribute('aria-busy', 'true');
  await expectNoSidewaysScroll(page);
  answer();
  await expect(overview).toHaveAttribute('aria-busy', 'false');
  await expectNoSidewaysScroll(page);
});

test('Manage All Orders keeps its columns where they are whatever the rows hold', async ({
  page,
  signIn,
  apiAs,
}) => {
  // Declared widths, not the rows' content, size the columns: a row added is laid out alone, and
  // the columns do not move between filters or as a page's rows come in.
  const { customer } = await longOrder(await apiAs('admin'));
  await signIn('admin');
  const columns = () =>
    page
      .getByRole('columnheader')
      .evaluateAll((headers) => headers.map((th) => Math.round(th.getBoundingClientRect().width)));
  for (const width of WIDE) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/manageOrders');
    const filters = page.getByRole('group', { name: 'Show orders' });
    await filters.getByText('Unpaid', { exact: true }).click();
    await expect(page.getByRole('row', { name: new RegExp(customer.email) })).toBeVisible();
    const unpaid = await columns();
    await filters.getByText('All open', { exact: true }).click();
    const table = page.getByRole('table');
    await expect(table.locator('xpath=ancestor::*[@aria-busy][1]')).toHaveAttribute(
      'aria-busy',
      'false',
    );
    expect(await table.evaluate((el) => getComputedStyle(el).tableLayout)).toBe('fixed');
    expect(await columns(), `at ${width} px`).toEqual(unpaid);
    expect(unpaid[0], 'Order: 7rem').toBe(112);
    // Each header within its column, none running into the next.
    const headers = await page
      .getByRole('columnheader')
      .evaluateAll((ths) =>
        ths.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
      );
    expect(headers, `at ${width} px`).toEqual([]);
    // Every button on one line ("Invoice (PDF)", "Mark delivered"): none squeezed into two.
    const heights = await table
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.max(...heights) - Math.min(...heights), `at ${width} px`).toBeLessThan(1);
  }
});

test('the admin tables use the width of wide screens instead of the shop’s reading column', async ({
  page,
  signIn,
  apiAs,
}) => {
  await longOrder(await apiAs('admin'));
  await signIn('admin');
  for (const [width, atLeast] of [
    [1920, 1350],
    [1440, 950],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/dashboard/manageOrders', '/dashboard/manageProducts']) {
      await page.goto(path);
      const table = page.getByRole('table').first();
      await expect(table).toBeVisible();
      // The table's own box: a 72rem column left it near 1,100 px at 1920 px.
      const box = (await table.boundingBox())!;
      expect(box.width, `${path} at ${width}px`).toBeGreaterThanOrEqual(atLeast);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expectNoSidewaysScroll(page);
      // The shell's navbar lines up with the wide page: its brand above the sidebar's edge.
      const brand = (await page
        .getByRole('link', { name: 'Toolshop', exact: true })
        .boundingBox())!;
      const sidebar = (await page
        .getByRole('navigation', { name: 'Dashboard' })
        .locator('xpath=..')
        .boundingBox())!;
      expect(Math.abs(brand.x - sidebar.x)).toBeLessThanOrEqual(2);
      await page.screenshot({
        path: test.info().outputPath(`wide${path.replace('/dashboard/', '-')}-${width}.png`),
      });
    }
  }
});

/**
 * A product that fills every column of Manage Products: a long name, a 32-character SKU, the highest
 * price, sold in packs, far below its low-stock threshold (so listed first, with its badge).
 */
async function widestProduct(admin: ApiClient) {
  const id = randomUUID().slice(0, 8).toUpperCase();
  const tools = await admin.get<{ img: string }[]>('/tools');
  const name = `E2E Heavy-Duty Brushless Angle Grinder Kit with Case ${id}`;
  const { insertedId } = await admin.post<{ insertedId: string }>('/tools', {
    name,
    img: tools[0]!.img,
    shortDescription: 'A product that fills every column of the products table',
    // A minimum order of 0 keeps the order helpers of the other browser tests away from it.
    minOrder: 0,
    available: 100_000,
    price: 999_999,
    packSize: 10_000,
    lowStockThreshold: 1_000_000,
    category: 'Accessories',
    sku: `E2E-WIDEST-SKU-${id}-0123456`.slice(0, 32),
  });
  return { name, remove: () => admin.delete(`/tools/${insertedId}`) };
}

/** The table is whole inside its card: no column scrolled out of sight behind the card's edge. */
async function expectTableFitsItsCard(page: Page) {
  const card = page.getByRole('table').locator('xpath=..');
  const { scroll, client } = await card.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, 'the table scrolls inside its card').toBeLessThanOrEqual(client + 1);
}

test('Manage Products and Make Admin fit long data at 375–1920 px', async ({
  page,
  signIn,
  apiAs,
}) => {
  test.slow();
  const admin = await apiAs('admin');
  await longOrder(admin);
  // Listed first on Manage Products for every admin: removed however the test ends.
  const widest = await widestProduct(admin);
  try {
    await signIn('admin');
    for (const width of [...WIDE, 768, PHONE]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/manageProducts');
      await expect(page.getByRole('row', { name: new RegExp(widest.name) })).toBeVisible();
      await expectNoSidewaysScroll(page);
      // From 1280 px every column and action is on screen without scrolling the card sideways.
      if (width >= 1280) await expectTableFitsItsCard(page);
      await page.screenshot({
        path: test.info().outputPath(`manage-products-${width}.png`),
        fullPage: true,
      });
      await page.goto('/dashboard/users');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: test.info().outputPath(`make-admin-${width}.png`),
        fullPage: true,
      });
      await page.goto('/dashboard/addProduct');
      await expect(page.getByRole('button', { name: 'Add product' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: test.info().outputPath(`add-product-${width}.png`),
        fullPage: true,
      });
    }
  } finally {
    await widest.remove();
  }
});

test('on a 1280 px laptop Manage Products keeps each product name a readable width', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/manageProducts');
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: /^Restock / }).first()).toBeVisible();
  // at least 6rem beside its picture, whatever the other columns take: with the demo's products the
  // name was 36 px wide, a few letters a line, when this did not apply
  const names = table.locator('tbody tr > :first-child img + *');
  await expect(names.first()).toBeVisible();
  for (const [minWidth, width] of await names.evaluateAll((elements) =>
    elements.map((element) => [
      parseFloat(getComputedStyle(element).minWidth) || 0,
      element.getBoundingClientRect().width,
    ]),
  )) {
    expect(minWidth).toBeGreaterThanOrEqual(95);
    expect(width).toBeGreaterThanOrEqual(95);
  }
});
