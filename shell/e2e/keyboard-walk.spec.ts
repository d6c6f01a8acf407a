// The shop with the keyboard only. On every page Tab reaches every control in reading
// order without losing focus (Shift+Tab walks back), and the main journeys are done with Tab,
// Enter and Escape alone.
import type { Locator, Page } from '@playwright/test';
import { Messages } from '@toolshop/contracts';
import { expect, expectKeyboardWalk, placeOrder, test } from '@toolshop/devstack/e2e';

/** Presses Tab (as a keyboard user does) until `target` has focus. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with Tab within ${limit} presses`).toBeFocused();
}

/** Opens a signed-in page and walks it with Tab once its main heading is there and it is settled. */
async function walkSignedInPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await test.step(path, () => expectKeyboardWalk(page));
}

for (const width of [1280, 375]) {
  // Signing in waits for the navbar's email, which phones keep behind the menu: the width is set after.
  const atWidth = (page: Page) => page.setViewportSize({ width, height: 900 });
  test.describe(`at ${width} px`, () => {
    // Each test walks several pages with every Tab stop checked: 40 s of a quiet machine's 60.
    test.slow();
    test('Tab reaches every control of every public page in reading order', async ({ page }) => {
      await atWidth(page);
      for (const path of ['/', '/blogs', '/portfolio', '/login', '/signup', '/no-such-page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await test.step(path, () => expectKeyboardWalk(page));
      }
    });

    test("Tab reaches every control of a customer's pages in reading order", async ({
      page,
      signIn,
      apiAs,
      freshUser,
    }) => {
      const api = await apiAs(freshUser);
      const { orderId } = await placeOrder(api);
      const tools = await api.get<{ _id: string }[]>('/tools');
      await signIn(freshUser);
      await atWidth(page);
      for (const path of [
        `/tools/${tools[0]!._id}`,
        '/dashboard',
        '/dashboard/review',
        '/dashboard/myOrders',
        `/dashboard/payment/${orderId}`,
      ])
        await walkSignedInPage(page, path);
    });

    test("Tab reaches every control of an admin's pages in reading order", async ({
      page,
      signIn,
    }) => {
      await signIn('admin');
      await atWidth(page);
      for (const path of [
        '/dashboard/users',
        '/dashboard/addProduct',
        '/dashboard/manageProducts',
        '/dashboard/manageOrders',
      ])
        await walkSignedInPage(page, path);
    });
  });
}

test('a customer signs in, orders and pays with the keyboard alone', async ({
  page,
  apiAs,
  freshUser,
}) => {
  const customer = await apiAs(freshUser);
  const [tool] = (
    await customer.get<{ _id: string; name: string; minOrder: number; available: number }[]>(
      '/tools',
    )
  )
    .filter((t) => t.available >= t.minOrder)
    .sort((a, b) => b.available - a.available);
  // Signed out, the tool's page sends the visitor to /login and back after sign-in.
  await page.goto(`/tools/${tool!._id}`);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(freshUser.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(freshUser.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: tool!.name })).toBeVisible();

  await tabTo(page, page.getByLabel('Delivery address'));
  await page.keyboard.type('12 Elm Street, Springfield');
  await tabTo(page, page.getByLabel('Phone'));
  await page.keyboard.type('+1 555 0100');
  await page.keyboard.press('Enter');
  await expect(page.getByText(Messages.ordered)).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: 'Pay now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await tabTo(page, page.getByRole('button', { name: /^Pay \$/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your transaction id:')).toBeVisible({ timeout: 20_000 });
});

test('a confirmation dialog is kept, left with Escape and confirmed with the keyboard alone', async ({
  page,
  signIn,
  apiAs,
  freshUser,
}) => {
  const { name } = await placeOrder(await apiAs(freshUser));
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  const cancel = page.getByRole('button', { name: `Cancel ${name}` }).first();
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // While it is open the page behind is inert: Tab moves among the dialog's buttons (and, as in any
  // native modal dialog, out to the browser's own controls), never to the page.
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((el) =>
      el.contains(document.activeElement)
        ? 'dialog'
        : document.activeElement === document.body
          ? 'browser'
          : 'page',
    );
    expect(where).not.toBe('page');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel order' }), 6);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Cancel ${name}` })).toHaveCount(0);
});
