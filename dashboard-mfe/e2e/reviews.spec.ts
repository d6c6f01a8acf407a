import { Messages } from '@toolshop/contracts';
import { expect, test } from '@toolshop/devstack/e2e';
import type { Page } from '@playwright/test';

const openReviewForm = async (page: Page) => {
  await page.goto('/dashboard/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Review' })).toBeVisible();
};
const postButton = (page: Page) => page.getByRole('button', { name: 'Post review' });

test('the review form gives each of the spec messages and sends nothing invalid', async ({ page, signIn, freshUser }) => {
  await signIn(freshUser);
  await openReviewForm(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/reviews') posts.push(request.url());
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

test('a posted review is listed under the form and on the home page', async ({ page, signIn, freshUser }) => {
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
