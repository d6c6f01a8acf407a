// Helpers of the company browser tests: a tool of the test's own, ordered on the storefront.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Messages } from '@toolshop/contracts';
import { expect, stack, type ApiClient } from '@toolshop/devstack/e2e';

/** A new tool (`name` and a short id), in stock, at `price` dollars a unit. */
export async function createTool(admin: ApiClient, name: string, price: number) {
  const tool = { name: `${name} ${randomUUID().slice(0, 8)}`, price };
  const { insertedId } = await admin.post<{ insertedId: string }>('/tools', {
    ...tool,
    img: `${stack.api}/images/cordless-drill.webp`,
    shortDescription: 'A tool for the company tests.',
    minOrder: 1,
    available: 20,
  });
  return { ...tool, _id: insertedId };
}

/** Orders `quantity` of the tool through its page's order form, as the signed-in user. */
export async function orderOnStorefront(page: Page, toolId: string, quantity: number) {
  await page.goto(`/tools/${toolId}`);
  await page.getByLabel('Delivery address').fill('12 Forge Lane, Sheffield');
  await page.getByLabel('Phone').fill('+44 114 496 0000');
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(Messages.ordered)).toBeVisible();
}
