// A half-typed order on a tool's page survives an expired session (signing in
// again) and the browser's Back and Forward; it is gone once the order is placed.
import type { Page } from '@playwright/test';
import { ApiMessages, Messages, type Tool } from '@toolshop/contracts';
import { apiClient, expect, expectNoAxeViolations, stack, test } from '@toolshop/devstack/e2e';

const orderForm = (page: Page) => page.getByRole('form', { name: 'Place your order' });

/** A seeded tool with room for a few orders. */
async function seededTool(page: Page) {
  const tools = await (await apiClient(null)).get<Tool[]>('/tools');
  const tool = tools.find((t) => t.name === 'Circular Saw 185 mm') ?? tools[0];
  if (!tool) throw new Error('no tools seeded');
  await page.goto(`/tools/${tool._id}`);
  return tool;
}

/** Half an order: everything but the click on "Place order". */
async function typeHalfAnOrder(page: Page, tool: Tool) {
  const form = orderForm(page);
  const typed = {
    Name: 'Workshop Buyer',
    'Delivery address': '12 Workshop Lane\nPittsburgh',
    Phone: '+1 412 555 0100',
    Quantity: String(tool.minOrder + 1),
  };
  for (const [label, value] of Object.entries(typed))
    await form.getByLabel(label, { exact: true }).fill(value);
  return typed;
}

async function expectTyped(page: Page, typed: Record<string, string>) {
  const form = orderForm(page);
  for (const [label, value] of Object.entries(typed))
    await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
}

for (const width of [1280, 375]) {
  test(`at ${width} px an expired session keeps the half-typed order through signing in again`, async ({
    page,
    signIn,
    freshUser,
  }, info) => {
    await signIn(freshUser);
    await page.setViewportSize({ width, height: 900 });
    const tool = await seededTool(page);
    const typed = await typeHalfAnOrder(page, tool);

    // The API answers as for an expired token.
    const orders = `${stack.api}/orders`;
    await page.route(orders, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 401, message: ApiMessages.sessionInvalid }),
          })
        : route.continue(),
    );
    await orderForm(page).getByRole('button', { name: 'Place order' }).click();
    const alert = orderForm(page)
      .getByRole('alert')
      .filter({ hasText: ApiMessages.sessionInvalid });
    await expect(alert).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: info.outputPath(`order-session-ended-${width}.png`),
      fullPage: true,
    });
    await page.unroute(orders);

    // Signing in again for real: the link ends the dead session, the login form returns to the tool.
    await alert.getByRole('link', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(`${stack.shell}/login`);
    await page.getByLabel('Email').fill(freshUser.email);
    await page.getByLabel('Password').fill(freshUser.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(`${stack.shell}/tools/${tool._id}`);
    await expectTyped(page, typed);
    await page.screenshot({
      path: info.outputPath(`order-draft-back-${width}.png`),
      fullPage: true,
    });

    // Placed: nothing is kept any more.
    await orderForm(page).getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText(Messages.ordered)).toBeVisible();
    await page.reload();
    await expect(orderForm(page).getByLabel('Delivery address')).toHaveValue('');
    await expect(orderForm(page).getByLabel('Quantity')).toHaveValue(String(tool.minOrder));
  });
}

test('a half-typed order survives Back and Forward', async ({ page, signIn, freshUser }, info) => {
  await signIn(freshUser);
  const tool = await seededTool(page);
  const typed = await typeHalfAnOrder(page, tool);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL(`${stack.shell}/`);
  await page.goBack();
  await expect(page).toHaveURL(`${stack.shell}/tools/${tool._id}`);
  await expectTyped(page, typed);
  await page.goForward();
  await expect(page).toHaveURL(`${stack.shell}/`);
  await page.goBack();
  await expectTyped(page, typed);
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: info.outputPath(`order-draft-after-back-${width}.png`),
      fullPage: true,
    });
  }
});
