import {
  Messages,
  PurchaseOrderMessages,
  RuleMessages,
  type InsertedAnswer,
  type Order,
  type Tool,
} from '@toolshop/contracts';
import { createUser, expect, stack, test, type ApiClient } from '@toolshop/devstack/e2e';
import type { Page } from '@playwright/test';

/** A seeded tool (never one another spec created, so parallel tests cannot drain each other's stock). */
async function seededTool(api: ApiClient): Promise<Tool> {
  const tools = await api.get<Tool[]>('/tools');
  const tool = tools.find((t) => t.name === 'Circular Saw 185 mm') ?? tools[0];
  if (!tool) throw new Error('no tools seeded');
  return tool;
}

/** Runs `use` with a tool of its own ($10, minimum order 1), deleted afterwards. */
async function withOwnTool(
  admin: ApiClient,
  name: string,
  available: number,
  use: (toolId: string) => Promise<void>,
) {
  const { insertedId } = await admin.post<InsertedAnswer>('/tools', {
    name: `${name} ${Date.now()}`,
    img: `${stack.api}/images/jigsaw.webp`,
    shortDescription: `${available} in stock`,
    minOrder: 1,
    available,
    price: 10,
  });
  try {
    await use(insertedId);
  } finally {
    await admin.delete(`/tools/${insertedId}`);
  }
}

const orderForm = (page: Page) => page.getByRole('form', { name: 'Place your order' });

/** Opens the tool's page and fills in the delivery details of its order form. */
async function fillOrderForm(page: Page, toolId: string, address: string) {
  await page.goto(`/tools/${toolId}`);
  const form = orderForm(page);
  await form.getByLabel('Delivery address').fill(address);
  await form.getByLabel('Phone').fill('0100');
  return form;
}

test('visiting a tool signed out goes to /login and back to the tool after sign-in', async ({
  page,
  freshUser,
  apiAs,
}) => {
  const tool = await seededTool(await apiAs(null));
  await page.goto(`/tools/${tool._id}`);
  await expect(page).toHaveURL(`${stack.shell}/login`);

  await page.getByLabel('Email').fill(freshUser.email);
  await page.getByLabel('Password').fill(freshUser.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${stack.shell}/tools/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
});

test.describe('signed in on a seeded tool', () => {
  let tool: Tool;
  test.beforeEach(async ({ page, signIn, freshUser, apiAs }) => {
    tool = await seededTool(await apiAs(null));
    await signIn(freshUser);
    await page.goto(`/tools/${tool._id}`);
  });

  test('a quantity below the minimum or above the stock shows the message and keeps submit disabled', async ({
    page,
    freshUser,
  }) => {
    const form = orderForm(page);
    const quantity = form.getByLabel('Quantity');
    const submit = form.getByRole('button', { name: 'Place order' });

    await expect(form.getByLabel('Email')).toHaveValue(freshUser.email);
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Name')).toHaveValue(freshUser.name);
    await expect(quantity).toHaveValue(String(tool.minOrder));
    await expect(submit).toBeEnabled();

    for (const wrong of [tool.minOrder - 1, tool.available + 1]) {
      await quantity.fill(String(wrong));
      await expect(form.getByText(Messages.invalidQuantity)).toBeVisible();
      await expect(submit).toBeDisabled();
    }
    await quantity.fill(String(tool.minOrder + 1));
    await expect(form.getByText(Messages.invalidQuantity)).toBeHidden();
    await expect(submit).toBeEnabled();
  });

  test('the order form is used from the keyboard in reading order', async ({ page }) => {
    const form = orderForm(page);
    await form.getByLabel('Name').focus();
    for (const label of [
      'Email',
      'Delivery address',
      'Phone',
      'Quantity',
      PurchaseOrderMessages.fieldLabel,
    ]) {
      await page.keyboard.press('Tab');
      await expect(form.getByLabel(label)).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Place order' })).toBeFocused();
  });
});

// A tool of its own: other specs order the seeded tools at the same moment, which would move the
// stock this test reads.
test('a valid order is confirmed, lowers the shown stock and is in My Orders', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  await withOwnTool(await apiAs('admin'), 'Stock test tool', 40, async (toolId) => {
    const tool = await (await apiAs(null)).get<Tool>(`/tools/${toolId}`);
    await signIn(freshUser);
    await page.goto(`/tools/${toolId}`);
    const available = page.getByTestId('tool-available');
    await expect(available).toHaveText('40 units');

    const form = orderForm(page);
    await form.getByLabel('Delivery address').fill('12 Test Street, Leeds');
    await form.getByLabel('Phone').fill('+44 113 000 0000');
    const quantity = tool.minOrder + 2;
    await form.getByLabel('Quantity').fill(String(quantity));
    await form.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByText(Messages.ordered)).toBeVisible();
    await expect(form.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(available).toHaveText(`${40 - quantity} units`);

    const mine = await (
      await apiAs(freshUser)
    ).get<Order[]>(`/orders?email=${encodeURIComponent(freshUser.email)}`);
    expect(mine).toEqual([
      expect.objectContaining({
        toolId,
        name: tool.name,
        email: freshUser.email,
        userName: freshUser.name,
        address: '12 Test Street, Leeds',
        orderQuantity: quantity,
        totalPrice: quantity * tool.price,
        paid: false,
      }),
    ]);
  });
});

test('the server refusing an order (stock gone meanwhile) is shown and the stock refreshed', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  await withOwnTool(await apiAs('admin'), 'Last-units test tool', 3, async (toolId) => {
    await signIn(freshUser);
    const form = await fillOrderForm(page, toolId, '1 Race Lane');
    await form.getByLabel('Quantity').fill('3');

    // Someone else buys two of the three units first.
    await (
      await apiAs(await createUser())
    ).post('/orders', { toolId, address: 'x', phone: '1', orderQuantity: 2 });

    await form.getByRole('button', { name: 'Place order' }).click();
    await expect(form.getByRole('alert')).toHaveText(Messages.invalidQuantity);
    await expect(page.getByTestId('tool-available')).toHaveText('1 unit');
    await expect(page.getByText(Messages.ordered)).toBeHidden();
  });
});

test('a customer with the most unpaid orders (MAX_UNPAID_ORDERS, 5) is told to pay or cancel one first', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  await withOwnTool(await apiAs('admin'), 'Unpaid-limit test tool', 50, async (toolId) => {
    const customer = await apiAs(freshUser);
    for (let i = 0; i < 5; i += 1) {
      await customer.post('/orders', {
        toolId,
        address: '1 Hoard Lane',
        phone: '0100',
        orderQuantity: 1,
      });
    }
    await signIn(freshUser);
    const form = await fillOrderForm(page, toolId, '1 Hoard Lane');
    await form.getByRole('button', { name: 'Place order' }).click();

    await expect(form.getByRole('alert')).toHaveText(RuleMessages.tooManyUnpaidOrders);
    await expect(form.getByRole('link', { name: 'Open My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
    await expect(page.getByText(Messages.ordered)).toBeHidden();
  });
});

test('an unknown tool id shows a clear not-found state', async ({ page, signIn }) => {
  await signIn('customer');
  await page.goto('/tools/000000000000000000000000');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not find that tool' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Browse all tools' }).click();
  await expect(page).toHaveURL(`${stack.shell}/`);
});
