// Helpers of the quick-order and saved-list browser tests.
import type { Page } from '@playwright/test';
import { Messages, type Tool } from '@toolshop/contracts';
import { expect, type ApiClient } from '@toolshop/devstack/e2e';
import { fillCard } from './payment-helpers';

/** Opens My Orders and the lines of the two-tool order that starts with `first`; returns its row. */
export async function openTwoLineOrder(page: Page, first: string) {
  await page.goto('/dashboard/myOrders');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: `${first} and 1 more` }) });
  await row.getByText('2 lines').click();
  return row;
}

/** Tools of this test only (unique names), so no other test's orders move their stock. */
export async function createTools(
  admin: ApiClient,
  specs: Array<Partial<Tool> & { name: string }>,
): Promise<Tool[]> {
  const [seeded] = await admin.get<Tool[]>('/tools');
  for (const spec of specs) {
    await admin.post('/tools', {
      img: seeded!.img,
      shortDescription: 'A tool of the quick-order browser test',
      minOrder: 1,
      available: 500,
      price: 20,
      ...spec,
    });
  }
  const tools = await admin.get<Tool[]>('/tools');
  return specs.map((spec) => tools.find((tool) => tool.name === spec.name)!);
}

export const quickOrderLines = (page: Page) => page.getByLabel('Products and quantities');
export const status = (page: Page) => page.getByRole('main').getByRole('status');
export const placeButton = (page: Page) => page.getByRole('button', { name: 'Place order' });

/** Pays the order of the payment page shown with the test card 4242…. */
export async function pay(page: Page) {
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText(Messages.paymentCompleted)).toBeVisible();
}
