import { InvoiceMessages, Messages } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, placePaidOrder, test } from '@toolshop/devstack/e2e';

// "Order again" in My Orders opens the tool's order form with the earlier order's
// quantity, address and phone; the form's checks still apply, and the order goes through.
test('Order again opens the tool with quantity, address and phone prefilled', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const earlier = await placePaidOrder(customer, freshUser);
  const [order] = await customer.get<Array<{ _id: string; toolId: string; orderQuantity: number }>>(
    `/orders?email=${encodeURIComponent(freshUser.email)}`,
  );
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  const again = page.getByRole('link', { name: `${InvoiceMessages.orderAgain}: ${earlier.name}` });
  await expect(again).toBeVisible();
  await expectNoAxeViolations(page);
  await again.click();

  await expect(page).toHaveURL(new RegExp(`/tools/${order!.toolId}$`));
  await expect(page.getByLabel('Delivery address')).toHaveValue('12 Elm Street, Springfield');
  await expect(page.getByLabel('Phone')).toHaveValue('+1 555 0100');
  await expect(page.getByLabel('Quantity')).toHaveValue(String(order!.orderQuantity));
  // Still every check of the form: an emptied address is refused before sending.
  await page.getByLabel('Delivery address').fill('');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByLabel('Delivery address')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Delivery address').fill('12 Elm Street, Springfield');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(Messages.ordered)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('order-again.png'), fullPage: true });
  const orders = await customer.get<unknown[]>(
    `/orders?email=${encodeURIComponent(freshUser.email)}`,
  );
  expect(orders).toHaveLength(2);
});
