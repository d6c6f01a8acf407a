// Issue 33, item 7: payment errors say what happened; a refusal clears when the card is edited.
import { type Order } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, placeOrder, test } from '@toolshop/devstack/e2e';
import { fillCard } from './payment-helpers';

for (const width of [1280, 375]) {
  test(`at ${width} px a lost connection says the charge is unknown and where to check; a refusal clears on edit`, async ({
    page,
    signIn,
    freshUser,
    apiAs,
  }, info) => {
    const api = await apiAs(freshUser);
    const { orderId } = await placeOrder(api);
    await signIn(freshUser);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/dashboard/payment/${orderId}`);
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await expect(pay).toBeEnabled();

    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(declined).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect(declined).toHaveCount(0);

    await page.route('**/payments/test/confirm', (route) => route.abort('internetdisconnected'));
    await pay.click();
    const lost = page.getByRole('alert').filter({ hasText: 'cannot tell whether your card was charged' });
    await expect(lost).toBeVisible();
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: info.outputPath(`payment-lost-${width}.png`), fullPage: true });
    expect((await api.get<Order>(`/orders/${orderId}`)).paid).toBe(false);
  });
}
