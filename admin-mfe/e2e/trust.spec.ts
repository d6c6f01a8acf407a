// Hidden reviews, "Verified buyer", and the audit log, clicked through in the composed shop.
import { randomUUID } from 'node:crypto';
import { TrustMessages, type Tool } from '@toolshop/contracts';
import {
  createUser,
  expect,
  expectNoAxeViolations,
  expectWordsWhole,
  placePaidOrder,
  signInThroughForm,
  stack,
  test,
} from '@toolshop/devstack/e2e';
import type { Page } from '@playwright/test';

/** The home page's review card with this text (all reviews shown). */
async function homeReviews(page: Page) {
  await page.goto('/');
  const section = page.locator('#reviews');
  // A card's stars: the reviews have loaded (the skeleton's placeholders are list items too).
  await expect(section.getByRole('img', { name: /^Rated \d out of 5$/ }).first()).toBeVisible();
  const showAll = section.getByRole('button', { name: /^Show all \d+ reviews$/ });
  if (await showAll.isVisible()) await showAll.click();
  return section;
}

test('an admin hides a review: it leaves the home page, its author sees it marked hidden', async ({
  page,
  browser,
  signIn,
  freshUser,
  apiAs,
}) => {
  test.slow(); // two signed-in browsers
  const author = await apiAs(freshUser);
  const rude = `Rude words ${randomUUID().slice(0, 8)}`;
  const kind = `Kind words ${randomUUID().slice(0, 8)}`;
  await author.post('/reviews', { opinion: rude, rating: 1 });
  await author.post('/reviews', { opinion: kind, rating: 5 });

  await signIn('admin');
  await page.goto('/dashboard/manageReviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Reviews' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(rude) });
  await expect(row).toContainText('Public');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: /^Hide/ }).click();
  await expect(page.getByText(TrustMessages.reviewHidden)).toBeVisible();
  await expect(row).toContainText(TrustMessages.hidden);
  await expect(row.getByRole('button', { name: /^Unhide/ })).toBeVisible();

  const reviews = await homeReviews(page);
  await expect(reviews.getByText(kind)).toBeVisible();
  await expect(reviews.getByText(rude)).toHaveCount(0);

  const authorContext = await browser.newContext({ baseURL: stack.shell });
  const authorPage = await authorContext.newPage();
  await signInThroughForm(authorPage, freshUser);
  await authorPage.goto('/dashboard/review');
  const mine = authorPage.getByRole('region', { name: 'Your reviews' });
  const hidden = mine.getByRole('listitem').filter({ hasText: rude });
  await expect(hidden).toContainText(TrustMessages.hidden);
  await expect(hidden).toContainText(TrustMessages.hiddenNote);
  await expect(mine.getByRole('listitem').filter({ hasText: kind })).not.toContainText(
    TrustMessages.hidden,
  );
  await authorContext.close();

  // Unhide: it is public again.
  await page.goto('/dashboard/manageReviews');
  await page
    .getByRole('row', { name: new RegExp(rude) })
    .getByRole('button', { name: /^Unhide/ })
    .click();
  await expect(page.getByText(TrustMessages.reviewShown)).toBeVisible();
  await expect((await homeReviews(page)).getByText(rude)).toBeVisible();
});

test('Manage Reviews wraps a long email at its @ and its dots, never mid-word', async ({
  page,
  signIn,
  apiAs,
}) => {
  const id = randomUUID().slice(0, 8);
  const author = await createUser({ email: `buyer-${id}@workshop.manufacturer.test` });
  const opinion = `Sturdy case ${id}`;
  await (await apiAs(author)).post('/reviews', { opinion, rating: 4 });
  await signIn('admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/manageReviews');
  // Found by the email in its accessible name too: the breaks add no space to it.
  const row = page.getByRole('row', { name: new RegExp(`${opinion}.*${author.email}`) });
  await expect(row).toContainText(author.email);
  await expectWordsWhole(row);
});

test('a paid customer’s review shows Verified buyer on the home page; a non-buyer’s does not', async ({
  page,
  freshUser,
  apiAs,
}) => {
  const buyer = await apiAs(freshUser);
  await placePaidOrder(buyer, freshUser);
  const bought = `Bought and used it ${randomUUID().slice(0, 8)}`;
  await buyer.post('/reviews', { opinion: bought, rating: 5 });
  // A second new account that never ordered (demo.customer may have paid orders from other tests).
  const browsing = `Only browsing ${randomUUID().slice(0, 8)}`;
  await (await apiAs(await createUser())).post('/reviews', { opinion: browsing, rating: 4 });
  const reviews = await homeReviews(page);
  const card = reviews.getByRole('listitem').filter({ hasText: bought });
  await expect(card).toContainText(TrustMessages.verifiedBuyer);
  await expect(card).toContainText(freshUser.name);
  const other = reviews.getByRole('listitem').filter({ hasText: browsing });
  await expect(other).toBeVisible();
  await expect(other).not.toContainText(TrustMessages.verifiedBuyer);
});

test('an admin’s restock appears in the Audit Log with who and what', async ({
  page,
  signIn,
  apiAs,
}) => {
  const admin = await apiAs('admin');
  const [existing] = await admin.get<Tool[]>('/tools');
  const name = `E2E Audit ${randomUUID().slice(0, 6)}`;
  const { insertedId } = await admin.post<{ insertedId: string }>('/tools', {
    name,
    img: existing!.img,
    shortDescription: 'audit test',
    // A minimum order of 0 keeps the order helpers of all browser tests away from this tool.
    minOrder: 0,
    available: 2,
    price: 10,
  });
  await admin.put(`/tools/${insertedId}`, { available: 77 });

  const user = await signIn('admin');
  await page.goto('/dashboard/auditLog');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const restock = page
    .getByRole('row')
    .filter({ hasText: insertedId })
    .filter({ hasText: 'Restocked a product' });
  await expect(restock).toContainText(user.email);
  // The change as before → after.
  await expect(restock).toContainText('available: 2 → 77');
  const added = page
    .getByRole('row')
    .filter({ hasText: insertedId })
    .filter({ hasText: 'Added a product' });
  await expect(added).toContainText(name);
  await expect(added).toContainText('price: none → 10');
  await expectNoAxeViolations(page);
});
