// After paying, the result is the first thing seen at every width (no leftover
// toast over it, focus and scroll on its heading) with "View order" and "Download invoice".
import { readFileSync } from 'node:fs';
import { Messages, type Order, type Tool } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, test } from '@toolshop/devstack/e2e';
import { fillCard, type PaymentFixtures } from './payment-helpers';

const shots = '/work/notes/s37/shots/pay';

/**
 * As a shopper does it: the tool's order form (its "successfully ordered" toast), Pay now, the card.
 * The window loses focus meanwhile (the shopper looks up the card in another app), which pauses the
 * toast (react-toastify's pauseOnFocusLoss): it is still there when they pay, as on a phone.
 */
async function orderAndPay({ page, signIn, freshUser, apiAs }: PaymentFixtures, width = 1280) {
  const api = await apiAs(freshUser);
  const [tool] = await api.get<Tool[]>('/tools');
  await signIn(freshUser);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`/tools/${tool!._id}`);
  const form = page.getByRole('form', { name: 'Place your order' });
  await form.getByLabel('Delivery address').fill('12 Workshop Lane, Pittsburgh');
  await form.getByLabel('Phone').fill('+1 412 555 0100');
  await form.getByRole('button', { name: 'Place order' }).click();
  const toast = page.locator('.Toastify__toast');
  await expect(toast.filter({ hasText: Messages.ordered })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await form.getByRole('link', { name: 'Pay now' }).click();
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(toast).toBeVisible();
  await pay.click();
  return { api, tool: tool!, toast };
}

for (const width of [375, 1280, 1920]) {
  test(`at ${width} px the paid result comes first, focused, with View order and Download invoice`, async ({
    page,
    signIn,
    freshUser,
    apiAs,
  }) => {
    const { api, tool, toast } = await orderAndPay({ page, signIn, freshUser, apiAs }, width);

    const heading = page.getByRole('heading', { name: Messages.paymentCompleted });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport({ ratio: 1 });
    // Nothing left over it (the order's toast would still show for a few seconds).
    await expect(toast).toHaveCount(0, { timeout: 1000 });
    const [order] = await api.get<Order[]>(`/orders?email=${encodeURIComponent(freshUser.email)}`);
    const result = page.getByRole('region', { name: Messages.paymentCompleted });
    await expect(result.getByText(order!.transactionId!)).toBeInViewport();
    const viewOrder = result.getByRole('link', { name: 'View order' });
    const download = result.getByRole('button', { name: 'Download invoice' });
    await expect(viewOrder).toBeInViewport();
    await expect(download).toBeInViewport();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/item6-paid-${width}.png` });

    const saved = page.waitForEvent('download');
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await viewOrder.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/myOrders\\?order=${order!._id}$`));
    const row = page.locator('tr[aria-current="true"]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(tool.name);
    await expect(row).toBeInViewport();
    await page.screenshot({ path: `${shots}/item6-view-order-${width}.png` });
  });
}

test('an order already paid shows the same result and ways on, without taking the focus', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  await orderAndPay({ page, signIn, freshUser, apiAs });
  await expect(page.getByRole('heading', { name: Messages.paymentCompleted })).toBeFocused();

  await page.reload();
  const heading = page.getByRole('heading', { name: 'This order is paid.' });
  await expect(heading).toBeInViewport();
  await expect(heading).not.toBeFocused();
  const result = page.getByRole('region', { name: 'This order is paid.' });
  await expect(result.getByRole('link', { name: 'View order' })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Download invoice' })).toBeVisible();
});
