// The production path: @stripe/react-stripe-js Elements and confirmCardPayment in the browser, the
// stripe SDK and signed webhooks in the API. Stripe.js and Stripe's API are local stand-ins.
import { Messages, type Order } from '@toolshop/contracts';
import { expect, placeOrder, test } from '@toolshop/devstack/e2e';
import { fillCard, startStripeBackedApi, type StripeBackedApi } from './payment-helpers';

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

test('Stripe Elements confirm the card payment with billing details and the order becomes paid', async ({ page, signIn, freshUser, apiAs }) => {
  const api = await apiAs(freshUser);
  const { orderId, total } = await placeOrder(api);
  await signIn(freshUser);
  await page.goto(`/dashboard/payment/${orderId}`);

  await expect(page.locator('[data-stripe-stand-in="card"]')).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText(Messages.paymentCompleted)).toBeVisible();

  const order = await api.get<Order>(`/orders/${orderId}`);
  expect(order).toMatchObject({ paid: true, transactionId: expect.stringMatching(/^pi_/) });
  await expect(page.getByText(order.transactionId!)).toBeVisible();

  // What reached "Stripe": the server's amount and order id, the browser's billing details.
  const intent = stripeApi.stripe.intents.get(order.transactionId!);
  expect(intent).toMatchObject({ amount: total * 100, currency: 'usd', status: 'succeeded', metadata: { orderId } });
  const confirmation = stripeApi.stripe.requests.find((r) => r.path === `/v1/payment_intents/${order.transactionId}/confirm` && !r.params.payment_method_data.card.number.startsWith('4000'));
  expect(confirmation?.params.payment_method_data.billing_details).toMatchObject({
    email: freshUser.email,
    address: { line1: '12 Elm Street, Springfield' },
  });
});

test('the order is paid by the webhook when the browser’s report never arrives', async ({ page, signIn, freshUser, apiAs }) => {
  const api = await apiAs(freshUser);
  const { orderId } = await placeOrder(api);
  await page.route(`${stripeApi.url}/orders/*`, (route) => (route.request().method() === 'PATCH' ? route.abort() : route.fallback()));
  await signIn(freshUser);
  await page.goto(`/dashboard/payment/${orderId}`);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();

  await expect(page.getByText(Messages.paymentCompleted)).toBeVisible();
  await expect.poll(async () => (await api.get<Order>(`/orders/${orderId}`)).paid).toBe(true);
});

test('when Stripe.js cannot load, the page says so instead of waiting', async ({ page, signIn, freshUser, apiAs }) => {
  const { orderId } = await placeOrder(await apiAs(freshUser));
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  await signIn(freshUser);
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByText('Card payments are unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});
