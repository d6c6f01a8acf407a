import { randomUUID } from 'node:crypto';
import { Messages, formatDollars } from '@toolshop/contracts';
import {
  expect,
  expectWordsWhole,
  stack,
  test,
  type ApiClient,
  type TestUser,
} from '@toolshop/devstack/e2e';
import type { Page } from '@playwright/test';

interface Tool {
  _id: string;
  name: string;
  available: number;
  minOrder: number;
  price: number;
}

/** A tool of this test's own. */
async function createTool(admin: ApiClient): Promise<Tool> {
  const tool = {
    name: `Test Hammer ${randomUUID().slice(0, 8)}`,
    img: `${stack.api}/images/cordless-drill.webp`,
    shortDescription: 'A hammer for the dashboard tests.',
    minOrder: 2,
    available: 40,
    price: 25,
  };
  const { insertedId } = await admin.post<{ insertedId: string }>('/tools', tool);
  return { _id: insertedId, ...tool };
}

const stockOf = async (api: ApiClient, id: string) =>
  (await api.get<Tool>(`/tools/${id}`)).available;

async function orderOnStorefront(page: Page, tool: Tool, quantity: number) {
  await page.goto(`/tools/${tool._id}`);
  await page.getByLabel('Delivery address').fill('12 Forge Lane, Sheffield');
  await page.getByLabel('Phone').fill('+44 114 496 0000');
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(Messages.ordered)).toBeVisible();
}

const orderRow = (page: Page, tool: Tool) => page.getByRole('row').filter({ hasText: tool.name });

interface Actors {
  page: Page;
  signIn: (who: TestUser) => Promise<unknown>;
  freshUser: TestUser;
  apiAs: (who: 'admin' | TestUser) => Promise<ApiClient>;
}

/** A new customer, signed in, who has ordered the tool's minimum quantity on the storefront. */
async function customerWithOrder(
  { page, signIn, freshUser, apiAs }: Actors,
  pickTool: (admin: ApiClient) => Promise<Tool>,
) {
  const admin = await apiAs('admin');
  const tool = await pickTool(admin);
  await signIn(freshUser);
  await orderOnStorefront(page, tool, tool.minOrder);
  const customer = await apiAs(freshUser);
  const [order] = await customer.get<Array<{ _id: string }>>(
    `/orders?email=${encodeURIComponent(freshUser.email)}`,
  );
  return { admin, customer, tool, orderId: order?._id ?? '' };
}

test('an order placed on the storefront is listed, and cancelling it after confirmation restores the stock', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const { admin, tool, orderId } = await customerWithOrder(
    { page, signIn, freshUser, apiAs },
    createTool,
  );
  expect(await stockOf(admin, tool._id)).toBe(tool.available - tool.minOrder);

  await page.goto('/dashboard/myOrders');
  const row = orderRow(page, tool);
  await expect(row).toBeVisible();
  await expect(row.getByText(formatDollars(tool.minOrder * tool.price))).toBeVisible();
  await expect(row.getByText('Unpaid')).toBeVisible();
  // The API holds the stock of an unpaid order for a while (UNPAID_ORDER_TTL_SECONDS), and says until when.
  await expect(row.getByText(/^Reserved until \S/)).toBeVisible();
  await expect(row.getByRole('link', { name: /^Pay/ })).toHaveAttribute(
    'href',
    `/dashboard/payment/${orderId}`,
  );
  // On a phone's card the status's badge, reservation and History stack; no word is squeezed in two.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row.getByText('History')).toBeVisible();
  await expectWordsWhole(row);
  await page.goto(`/dashboard/payment/${orderId}`);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(freshUser.email);
  await expectWordsWhole(summary);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/myOrders');

  // Changing one's mind keeps the order.
  await row.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^Cancel/ }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();

  await expect(page.getByText(Messages.orderCanceled)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No orders yet')).toBeVisible();
  expect(await stockOf(admin, tool._id)).toBe(tool.available);
});

test('a paid order shows its transaction id, cannot be cancelled, and shows Shipped once approved', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const { admin, customer, tool, orderId } = await customerWithOrder(
    { page, signIn, freshUser, apiAs },
    createTool,
  );

  // Paid the way the payment page pays: intent, test card, then the order marked paid.
  const { clientSecret } = await customer.post<{ clientSecret: string }>('/create-payment-intent', {
    orderId,
  });
  const payment = await customer.post<{ id: string }>('/payments/test/confirm', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    billingDetails: { email: freshUser.email, address: { line1: '12 Forge Lane, Sheffield' } },
  });
  await customer.patch(`/orders/${orderId}`, { transactionId: payment.id });

  await page.goto('/dashboard/myOrders');
  const row = orderRow(page, tool);
  // The closed History disclosure repeats the state and the transaction id: what shows is the row's own.
  const shown = (text: string, exact = true) =>
    row.getByText(text, { exact }).filter({ visible: true });
  await expect(shown('Paid')).toBeVisible();
  await expect(shown(payment.id, false)).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  expect((await customer.request('DELETE', `/orders/${orderId}`)).status).toBe(409);

  await admin.patch(`/adminOrders/${orderId}`, {});
  await page.reload();
  await expect(shown('Shipped')).toBeVisible();
  await expect(shown(payment.id, false)).toBeVisible();
});

test('a 401 on the orders list signs the user out and goes home', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await page.route(`${stack.api}/orders?email=*`, (route) =>
    route.fulfill({
      status: 401,
      json: { statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' },
    }),
  );
  await page.goto('/dashboard/myOrders');
  await expect(page).toHaveURL(`${stack.shell}/`);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
