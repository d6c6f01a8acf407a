// Payment errors say what happened and whether the card was charged; after a lost
// connection the page reads the payment's real state before it offers a retry; a refusal clears
// when the card is edited.
import { type Order } from '@toolshop/contracts';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';
import {
  expectChargeUnknown,
  expectDeclineClearsOnEdit,
  fillCard,
  openNewOrderPayment,
} from './payment-helpers';

const shots = '/work/notes/s37/shots/pay';
const paymentState = '**/orders/*/payment';

type OpenPayment = Awaited<ReturnType<typeof openNewOrderPayment>> & { page: Page };

/** A test that starts on the payment page of a fresh customer's new order, `width` px wide. */
function paymentTest(
  title: string,
  width: number | undefined,
  body: (opened: OpenPayment) => Promise<void>,
) {
  test(title, async ({ page, signIn, freshUser, apiAs }) => {
    await body({ page, ...(await openNewOrderPayment({ page, signIn, freshUser, apiAs }, width)) });
  });
}

for (const width of [375, 1280, 1920]) {
  paymentTest(
    `at ${width} px a connection lost before the charge reads "not charged" and then allows a retry; a refusal clears on edit`,
    width,
    async ({ page, api, orderId, pay }) => {
      await expectDeclineClearsOnEdit(page, pay);

      // The pay request never reaches the API: the check asks the API, which says nothing was charged.
      await page.route('**/payments/test/confirm', (route) => route.abort('internetdisconnected'));
      await pay.click();
      const notCharged = page.getByRole('alert').filter({ hasText: 'your card was not charged' });
      await expect(notCharged).toBeVisible();
      await expect(page.getByText('Failed to fetch')).toHaveCount(0);
      await expect(pay).toBeEnabled();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${shots}/item7-not-charged-${width}.png`, fullPage: true });
      expect((await api.get<Order>(`/orders/${orderId}`)).paid).toBe(false);

      await page.unroute('**/payments/test/confirm');
      await pay.click();
      await expect(
        page.getByRole('heading', { name: 'Congrats! Your payment is completed.' }),
      ).toBeVisible();
      expect((await api.get<Order>(`/orders/${orderId}`)).paid).toBe(true);
    },
  );

  paymentTest(
    `at ${width} px a connection lost after the charge blocks a second payment until the check says "paid"`,
    width,
    async ({ page, api, orderId, pay }) => {
      await fillCard(page, '4242 4242 4242 4242');

      // The card is charged, then the connection drops before the answer arrives and stays down.
      await page.route('**/payments/test/confirm', async (route) => {
        await route.fetch();
        await route.abort('internetdisconnected');
      });
      await page.route(paymentState, (route) => route.abort('internetdisconnected'));
      await pay.click();
      const unknown = await expectChargeUnknown(page, pay);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${shots}/item7-unknown-${width}.png`, fullPage: true });
      expect((await api.get<Order>(`/orders/${orderId}`)).paid).toBe(true);

      // Back online: the check reads the real state, and the page shows the paid result instead of a retry.
      await page.unroute(paymentState);
      await page.unroute('**/payments/test/confirm');
      await unknown.getByRole('button', { name: 'Check the payment' }).click();
      const result = page.getByRole('heading', { name: 'Congrats! Your payment is completed.' });
      await expect(result).toBeFocused();
      await expect(result).toBeInViewport();
      const { transactionId } = await api.get<Order>(`/orders/${orderId}`);
      await expect(page.getByText(transactionId!)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Paid' })).toBeDisabled();
    },
  );
}

paymentTest(
  'a payment still processing at the provider says so and offers no retry',
  undefined,
  async ({ page, pay }) => {
    await fillCard(page, '4242 4242 4242 4242');
    await page.route('**/payments/test/confirm', (route) => route.abort('internetdisconnected'));
    // What the API answers while the provider is still processing the charge.
    await page.route(paymentState, (route) =>
      route.fulfill({ json: { state: 'processing', paid: false, intentStatus: 'processing' } }),
    );
    await pay.click();
    const processing = page.getByRole('alert').filter({ hasText: 'still being processed' });
    await expect(processing).toBeVisible();
    await expect(processing).toContainText('Do not pay again');
    await expect(pay).toBeDisabled();
    await page.screenshot({ path: `${shots}/item7-processing-1280.png`, fullPage: true });
  },
);
