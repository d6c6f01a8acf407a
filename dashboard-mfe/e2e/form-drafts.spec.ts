// What a signed-in customer typed into "Add A Review" or the profile form survives
// the session ending (sent to sign in, signing in again) and the browser's Back and Forward.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  stack,
  test,
  type Credentials,
} from '@toolshop/devstack/e2e';

/** The session is gone (as after it expired): the next page load finds no sign-in and sends to /login. */
async function loseSessionAndSignInAgain(page: Page, user: Credentials, path: string) {
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page).toHaveURL(`${stack.shell}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${stack.shell}${path}`);
}

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });

test('a half-written review survives signing in again and Back', async ({
  page,
  signIn,
  freshUser,
}, info) => {
  await signIn(freshUser);
  await page.goto('/dashboard/review');
  const rating = page.getByLabel(/^Rating/);
  const opinion = page.getByLabel('Your opinion');
  await rating.fill('4');
  await opinion.fill('Solid drill, the chuck slips under');

  await loseSessionAndSignInAgain(page, freshUser, '/dashboard/review');
  await expect(rating).toHaveValue('4');
  await expect(opinion).toHaveValue('Solid drill, the chuck slips under');
  await expectNoAxeViolations(page);

  await sidebarLink(page, 'My Orders').click();
  await expect(page).toHaveURL(`${stack.shell}/dashboard/myOrders`);
  await page.goBack();
  await expect(opinion).toHaveValue('Solid drill, the chuck slips under');
  await page.goForward();
  await page.goBack();
  await expect(rating).toHaveValue('4');
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`review-draft-${width}.png`), fullPage: true });
  }

  // Posted: the next visit starts empty.
  await opinion.fill('Solid drill, the chuck slips under load');
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(opinion).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Your opinion')).toHaveValue('');
});

test('unsaved profile edits survive signing in again and Back', async ({
  page,
  signIn,
  freshUser,
}, info) => {
  await signIn(freshUser);
  await page.goto('/dashboard');
  const location = page.getByLabel('Location');
  await location.fill('Pittsburgh');
  await page.getByLabel('Phone').fill('+1 412 555 0100');

  await loseSessionAndSignInAgain(page, freshUser, '/dashboard');
  await expect(location).toHaveValue('Pittsburgh');
  await expect(page.getByLabel('Phone')).toHaveValue('+1 412 555 0100');

  await sidebarLink(page, 'My Orders').click();
  await expect(page).toHaveURL(`${stack.shell}/dashboard/myOrders`);
  await page.goBack();
  await expect(location).toHaveValue('Pittsburgh');
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`profile-draft-${width}.png`), fullPage: true });
  }
});
