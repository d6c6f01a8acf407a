import { Messages, type Order, type Tool } from '@toolshop/contracts';
import { expect, stack, test } from '@toolshop/devstack/e2e';

// The order form: no duplicate order one click away; focus after a failed submit.
// (The signIn fixture waits for the navbar's email, which phones keep behind the menu: it signs in first.)
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    let tool: Tool;
    test.beforeEach(async ({ page, signIn, freshUser, apiAs }) => {
      const tools = await (await apiAs(null)).get<Tool[]>('/tools');
      const found = tools.find((t) => t.name === 'Circular Saw 185 mm') ?? tools[0];
      if (!found) throw new Error('no tools seeded');
      tool = found;
      await signIn(freshUser);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/tools/${tool._id}`);
    });

    test('after an order the form shows it with Pay now and needs "Place another order"', async ({
      page,
      freshUser,
      apiAs,
    }) => {
      const form = page.getByRole('form', { name: 'Place your order' });
      await form
        .getByLabel('Delivery address')
        .fill('1600 Pennsylvania Avenue NW, Washington, DC 20500');
      await form.getByLabel('Phone').fill('+1 202 555 0100');
      await form.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByText(Messages.ordered)).toBeVisible();

      await expect(form.getByRole('button', { name: 'Place order' })).toHaveCount(0);
      await expect(form.getByLabel('Delivery address')).toHaveCount(0);
      const status = form.getByRole('status');
      await expect(status).toContainText('Order placed');
      await expect(status).toContainText('1600 Pennsylvania Avenue NW');
      await expect(status).toBeFocused();

      const [order] = await (
        await apiAs(freshUser)
      ).get<Order[]>(`/orders?email=${encodeURIComponent(freshUser.email)}`);
      await expect(form.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
        'href',
        `/dashboard/payment/${order?._id}`,
      );

      await form.getByRole('button', { name: 'Place another order' }).click();
      await expect(form.getByLabel('Delivery address')).toHaveValue('');
      await expect(form.getByLabel('Delivery address')).toBeFocused();
      await expect(form.getByLabel('Phone')).toHaveValue('');
      await expect(form.getByLabel('Quantity')).toHaveValue(String(tool.minOrder));

      await form.getByLabel('Phone').fill('+1 202 555 0100');
      await form.getByRole('button', { name: 'Place order' }).click();
      await expect(form.getByLabel('Delivery address')).toBeFocused();
      const mine = await (
        await apiAs(freshUser)
      ).get<Order[]>(`/orders?email=${encodeURIComponent(freshUser.email)}`);
      expect(mine).toHaveLength(1);
    });

    test('Pay now opens the payment page of the order just placed', async ({ page }) => {
      const form = page.getByRole('form', { name: 'Place your order' });
      await form.getByLabel('Delivery address').fill('12 Elm Street, Springfield');
      await form.getByLabel('Phone').fill('+1 555 0100');
      await form.getByRole('button', { name: 'Place order' }).click();
      await form.getByRole('link', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(new RegExp(`^${stack.shell}/dashboard/payment/[0-9a-f]+$`));
    });
  });
}
