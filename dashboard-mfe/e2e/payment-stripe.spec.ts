// The production path: @stripe/react-stripe-js Elements and confirmCardPayment in the browser, the
// stripe SDK and signed webhooks in the API. Stripe.js and Stripe's API are local stand-ins.
import { Messages, type Order } from '@toolshop/contracts';
import { expect, placeOrder, test } from '@toolshop/devstack/e2e';
import {
  expectChargeUnknown,
  expectDeclineClearsOnEdit,
  fillCard,
  openNewOrderPayment,
  startStripeBackedApi,
  type StripeBackedApi,
} from './payment-helpers';

let stripeApi: StripeBackedApi;

test.beforeAll(async () => {
  stripeApi = await startStripeBackedApi();
});
test.afterAll(async () => {
  await stripeApi?.stop();
});
test.beforeEach(async ({ page }) => {
  await stripeApi.route(page);
});

test('Stripe Elements confirm the card payment with billing details and the order becomes paid', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const api = await apiAs(freshUser);
  const { orderId, total } = await placeOrder(api);
  await signIn(freshUser);
  await page.goto(`/dashboard/payment/${orderId}`);

  await expect(page.locator('[data-stripe-stand-in="card"]')).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  // Editing the card Element (Stripe's iframe) clears the refusal, as on the test-card path.
  await expectDeclineClearsOnEdit(page, pay);

  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText(Messages.paymentCompleted)).toBeVisible();

  const order = await api.get<Order>(`/orders/${orderId}`);
  expect(order).toMatchObject({ paid: true, transactionId: expect.stringMatching(/^pi_/) });
  await expect(page.getByText(order.transactionId!)).toBeVisible();

  // What reached "Stripe": the server's amount and order id, the browser's billing details.
  const intent = stripeApi.stripe.intents.get(order.transactionId!);
  expect(intent).toMatchObject({
    amount: total * 100,
    currency: 'usd',
    status: 'succeeded',
    metadata: { orderId },
  });
  const confirmation = stripeApi.stripe.requests.find(
    (r) =>
      r.path === `/v1/payment_intents/${order.transactionId}/confirm` &&
      !r.params.payment_method_data.card.number.startsWith('4000'),
  );
  expect(confirmation?.params.payment_method_data.billing_details).toMatchObject({
    email: freshUser.email,
    address: { line1: '12 Elm Street, Springfield' },
  });
});

test('the order is paid by the webhook when the browser’s report never arrives', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const api = await apiAs(freshUser);
  const { orderId } = await placeOrder(api);
  await page.route(`${stripeApi.url}/orders/*`, (route) =>
    route.request().method() === 'PATCH' ? route.abort() : route.fallback(),
  );
  await signIn(freshUser);
  await page.goto(`/dashboard/payment/${orderId}`);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();

  await expect(page.getByText(Messages.paymentCompleted)).toBeVisible();
  await expect.poll(async () => (await api.get<Order>(`/orders/${orderId}`)).paid).toBe(true);
});

test('when Stripe.js cannot load, the page says so instead of waiting', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const { orderId } = await placeOrder(await apiAs(freshUser));
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  await signIn(freshUser);
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByText('Card payments are unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('a connection lost during Stripe’s confirmation reads the payment’s real state before any retry', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const { api, orderId, pay } = await openNewOrderPayment({ page, signIn, freshUser, apiAs });
  await fillCard(page, '4242 4242 4242 4242');

  // Stripe charges the card (and tells the API by webhook), but the answer never reaches the
  // browser; the API cannot be reached either until the connection comes back.
  await page.route('https://api.stripe.com/**/confirm', async (route) => {
    const request = route.request();
    const target = new URL(request.url());
    await fetch(`${stripeApi.stripe.url}${target.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? undefined,
    });
    await route.abort('internetdisconnected');
  });
  const paymentState = `${stripeApi.url}/orders/*/payment`;
  await page.route(paymentState, (route) => route.abort('internetdisconnected'));
  await pay.click();
  const unknown = await expectChargeUnknown(page, pay);
  await expect.poll(async () => (await api.get<Order>(`/orders/${orderId}`)).paid).toBe(true);

  await page.unroute(paymentState);
  await unknown.getByRole('button', { name: 'Check the payment' }).click();
  const result = page.getByRole('heading', { name: Messages.paymentCompleted });
  await expect(result).toBeFocused();
  const { transactionId } = await api.get<Order>(`/orders/${orderId}`);
  await expect(page.getByText(transactionId!)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Paid' })).toBeDisabled();
});
