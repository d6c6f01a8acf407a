// Paying an order in the composed shop on embedded defaults (the offline test provider).
import { Messages, type Order } from '@toolshop/contracts';
import { expect, placeOrder, test } from '@toolshop/devstack/e2e';
import { fillCard, openNewOrderPayment } from './payment-helpers';

test('a customer pays an unpaid order from My Orders and sees the transaction id', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const api = await apiAs(freshUser);
  const { orderId, name } = await placeOrder(api);
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  await page.getByRole('link', { name: `Pay for ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();

  await expect(page.getByText(Messages.paymentCompleted)).toBeVisible();
  const order = await api.get<Order>(`/orders/${orderId}`);
  expect(order.paid).toBe(true);
  expect(order.transactionId).toMatch(/^pi_test_/);
  await expect(page.getByText(order.transactionId!)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Paid' })).toBeDisabled();

  await page.goto('/dashboard/myOrders');
  // Shown on the order's row (its closed History repeats it out of sight).
  await expect(page.getByText(order.transactionId!).filter({ visible: true })).toBeVisible();
});

for (const [number, message] of [
  ['4000 0000 0000 0002', 'Your card was declined.'],
  ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
] as const) {
  test(`card ${number} is refused with “${message}” in red, and the order stays unpaid`, async ({
    page,
    signIn,
    freshUser,
    apiAs,
  }) => {
    const { api, orderId, pay } = await openNewOrderPayment({ page, signIn, freshUser, apiAs });
    await fillCard(page, number);
    await pay.click();

    const error = page.getByRole('alert').filter({ hasText: message });
    await expect(error).toBeVisible();
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(pay).toBeEnabled();
    expect((await api.get<Order>(`/orders/${orderId}`)).paid).toBe(false);
  });
}
