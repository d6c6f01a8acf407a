// A product image stored as a path on the API (/images/…) shows everywhere, resolved
// against the API's URL from the runtime config, not against the page's own origin.
import type { Locator, Page } from '@playwright/test';
import type { Tool } from '@toolshop/contracts';
import { expect, placeOrder, stack, test } from '@toolshop/devstack/e2e';

/** The API's answers as older data has them: image links as paths, not absolute links. */
async function imagesAsPaths(page: Page) {
  await page.context().route(`${stack.api}/**`, async (route) => {
    if (route.request().method() !== 'GET' || route.request().resourceType() === 'image') {
      return route.fallback();
    }
    const response = await route.fetch();
    if (!response.headers()['content-type']?.includes('json')) return route.fulfill({ response });
    const body = (await response.text()).replaceAll(`${stack.api}/images/`, '/images/');
    await route.fulfill({ response, body });
  });
}

/** Each image has loaded (naturalWidth > 0) from the API, never the page's origin. */
async function allLoaded(images: Locator) {
  await expect(images.first()).toBeVisible();
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = await image.getAttribute('src');
    expect(src?.startsWith(`${stack.api}/images/`), `image src ${src}`).toBe(true);
  }
}

test('the add-product preview shows an image given as a path on the shop', async ({
  page,
  signIn,
  apiAs,
}) => {
  const [tool] = await (await apiAs(null)).get<Tool[]>('/tools');
  const path = new URL(tool!.img).pathname;
  expect(path).toMatch(/^\/images\//);
  await signIn('admin');
  await page.goto('/dashboard/addProduct');
  await expect(page.getByText(/http\(s\)/)).toHaveCount(0);
  await page.getByLabel('Name').fill('Path drill');
  await page.getByLabel('Image link').fill(path);
  await allLoaded(page.getByRole('img', { name: 'Preview of Path drill' }));
});

test('Manage Products and the home page show images stored as paths', async ({
  page,
  signIn,
  apiAs,
}) => {
  // A seeded product: one another test adds (and deletes) in parallel may be gone by the end.
  const tool = (await (await apiAs(null)).get<Tool[]>('/tools')).find(
    (listed) => !listed.name.startsWith('E2E'),
  );
  await imagesAsPaths(page);
  await signIn('admin');
  await page.goto('/dashboard/manageProducts');
  await allLoaded(page.getByRole('table').locator('img'));

  await page.goto('/');
  await allLoaded(page.getByRole('img', { name: tool!.name }).first());
});

test('My Orders and the payment summary show images stored as paths', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const order = await placeOrder(await apiAs(freshUser));
  await imagesAsPaths(page);
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  await allLoaded(page.getByRole('row', { name: new RegExp(order.name) }).locator('img'));
  await page.goto(`/dashboard/payment/${order.orderId}`);
  await allLoaded(page.getByRole('region', { name: 'Order summary' }).locator('img'));
});
