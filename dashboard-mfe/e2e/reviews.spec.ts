import { Messages } from '@toolshop/contracts';
import { expect, expectNoAxeViolations, placePaidOrder, test } from '@toolshop/devstack/e2e';
import type { Page } from '@playwright/test';

const openReviewForm = async (page: Page) => {
  await page.goto('/dashboard/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Review' })).toBeVisible();
};
const postButton = (page: Page) => page.getByRole('button', { name: 'Post review' });

test('the review form gives each of the spec messages and sends nothing invalid', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await openReviewForm(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/reviews')
      posts.push(request.url());
  });
  const rating = page.getByLabel(/^Rating/);
  const opinion = page.getByLabel('Your opinion');

  await rating.fill('6');
  await opinion.fill('Good');
  await postButton(page).click();
  await expect(page.getByText(Messages.ratingTooHigh)).toBeVisible();

  await rating.fill('0');
  await postButton(page).click();
  await expect(page.getByText(Messages.ratingTooLow)).toBeVisible();
  await expect(page.getByText(Messages.ratingTooHigh)).toBeHidden();

  await rating.fill('4');
  await opinion.fill('');
  await postButton(page).click();
  await expect(page.getByText(Messages.opinionRequired)).toBeVisible();
  await expect(page.getByText(Messages.ratingTooLow)).toBeHidden();

  // The opinion stops at 200 characters, with the count in view.
  await opinion.fill('x'.repeat(250));
  await expect(opinion).toHaveValue('x'.repeat(200));
  await expect(page.getByText('200/200 characters')).toBeVisible();

  expect(posts).toEqual([]);
});

test('a posted review is listed under the form and on the home page', async ({
  page,
  signIn,
  freshUser,
}) => {
  const text = `Sharp blades and quick delivery (${freshUser.email})`;
  await signIn(freshUser);
  await openReviewForm(page);
  await expect(page.getByText('No reviews yet')).toBeVisible();

  await page.getByLabel(/^Rating/).fill('5');
  await page.getByLabel('Your opinion').fill(text);
  await postButton(page).click();

  await expect(page.getByText(Messages.reviewAdded)).toBeVisible();
  await expect(page.getByLabel('Your opinion')).toHaveValue('');
  const mine = page.getByRole('region', { name: 'Your reviews' });
  await expect(mine.getByText(text)).toBeVisible();
  await expect(mine.getByText(freshUser.name)).toBeVisible();

  await page.goto('/');
  const review = page.getByText(text);
  // The home page may fold older reviews behind "Show all N reviews".
  const showAll = page.getByRole('button', { name: /^Show all \d+ reviews$/ });
  await expect(review.or(showAll).first()).toBeVisible();
  if (!(await review.isVisible())) await showAll.click();
  await expect(review).toBeVisible();
});

// "Add A Review" lets the customer pick a tool they bought; the review is then the tool's.
test('a customer reviews a tool they bought, picked in the form, and it shows on the tool page', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const paid = await placePaidOrder(customer, freshUser);
  const orders = await customer.get<{ toolId: string; name: string }[]>(
    `/orders?email=${encodeURIComponent(freshUser.email)}`,
  );
  const order = orders.find((one) => one.name === paid.name);
  if (!order) throw new Error('the paid order is not listed');
  await signIn(freshUser);
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await openReviewForm(page);
    const pick = page.getByLabel('Tool you bought (optional)');
    await expect(pick.getByRole('option')).toHaveText(['The shop in general', paid.name]);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`review-pick-${width}.png`),
      fullPage: true,
    });
  }
  const text = `Does the job (${freshUser.email})`;
  await page.getByLabel('Tool you bought (optional)').selectOption({ label: paid.name });
  await page.getByLabel(/^Rating/).fill('4');
  await page.getByLabel('Your opinion').fill(text);
  await postButton(page).click();
  await expect(page.getByText(Messages.reviewAdded)).toBeVisible();
  await expect(page.getByLabel('Tool you bought (optional)')).toHaveValue('');

  const ofTool = await customer.get<{ opinion: string; verifiedBuyer: boolean }[]>(
    `/reviews?toolId=${order.toolId}`,
  );
  expect(ofTool).toContainEqual(expect.objectContaining({ opinion: text, verifiedBuyer: true }));
  await page.goto(`/tools/${order.toolId}`);
  await expect(page.getByRole('region', { name: 'Reviews' }).getByText(text)).toBeVisible();
});

test('the review form offers no tool to pick before anything was bought', async ({
  page,
  signIn,
  freshUser,
}) => {
  await signIn(freshUser);
  await openReviewForm(page);
  await expect(page.getByLabel('Your opinion')).toBeVisible();
  await expect(page.getByLabel('Tool you bought (optional)')).toHaveCount(0);
});
