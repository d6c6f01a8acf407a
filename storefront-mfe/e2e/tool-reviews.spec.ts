import { randomUUID } from 'node:crypto';
import { TrustMessages } from '@toolshop/contracts';
import {
  apiClient,
  createUser,
  expect,
  expectNoAxeViolations,
  stack,
  test,
  type ApiClient,
} from '@toolshop/devstack/e2e';

// The tool page shows the tool's reviews, a star summary and Verified buyer badges.

/** Orders `toolId` and pays for it with the offline test provider (as placePaidOrder does). */
async function buyAndPay(api: ApiClient, email: string, toolId: string) {
  const { insertedId } = await api.post<{ insertedId: string }>('/orders', {
    toolId,
    address: '12 Elm Street, Springfield',
    phone: '+1 555 0100',
    orderQuantity: 2,
  });
  const { clientSecret } = await api.post<{ clientSecret: string }>('/create-payment-intent', {
    orderId: insertedId,
  });
  const payment = await api.post<{ id: string }>('/payments/test/confirm', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    billingDetails: { email, address: { line1: '12 Elm Street, Springfield' } },
  });
  await api.patch(`/orders/${insertedId}`, { transactionId: payment.id });
}

/** A product of this test's own, its id. */
async function createTool(admin: ApiClient, name: string): Promise<string> {
  const body = {
    name: `${name} ${randomUUID().slice(0, 8)}`,
    img: `${stack.api}/images/cordless-drill.webp`,
  };
  const terms = {
    shortDescription: 'For the review tests.',
    minOrder: 2,
    available: 100,
    price: 40,
  };
  return (await admin.post<{ insertedId: string }>('/tools', { ...body, ...terms })).insertedId;
}

test('the tool page lists the tool’s reviews with a star summary and Verified buyer badges', async ({
  page,
  apiAs,
  signIn,
  freshUser,
}) => {
  const admin = await apiAs('admin');
  const toolId = await createTool(admin, 'Reviewed Planer');
  const buyer = await apiAs(freshUser);
  await buyAndPay(buyer, freshUser.email, toolId);
  await buyer.post('/reviews', { opinion: 'Flat boards in one pass', rating: 5, toolId });
  const other = await apiClient(await createUser());
  await other.post('/reviews', { opinion: 'Heavier than I hoped', rating: 4, toolId });
  // A review of the shop, naming no tool, is not on the tool's page.
  await other.post('/reviews', { opinion: `About the shop ${toolId}`, rating: 1 });
  await signIn(freshUser); // the tool page is for signed-in users

  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/tools/${toolId}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('4.5 out of 5 · 2 reviews')).toBeVisible();
    await expect(reviews.getByRole('listitem')).toHaveCount(2);
    const verified = reviews.getByRole('listitem').filter({ hasText: 'Flat boards in one pass' });
    await expect(verified.getByText(TrustMessages.verifiedBuyer)).toBeVisible();
    const unverified = reviews.getByRole('listitem').filter({ hasText: 'Heavier than I hoped' });
    await expect(unverified.getByText(TrustMessages.verifiedBuyer)).toHaveCount(0);
    await expect(reviews.getByText(`About the shop ${toolId}`)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await reviews.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`tool-reviews-${width}.png`),
      fullPage: true,
    });
  }
});

test('a tool without reviews says so on its page', async ({ page, apiAs, signIn, freshUser }) => {
  const admin = await apiAs('admin');
  const toolId = await createTool(admin, 'Unreviewed Router');
  await signIn(freshUser);
  await page.goto(`/tools/${toolId}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText(/No reviews of this tool yet/)).toBeVisible();
});
