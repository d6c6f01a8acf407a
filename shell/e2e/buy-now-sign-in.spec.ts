import type { Page } from '@playwright/test';
import { apiClient, expect, expectNoAxeViolations, stack, test } from '@toolshop/devstack/e2e';

/** Fills and sends /signup for a new address; returns the address. */
async function signUpOn(page: Page, who: string): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${who}-${id}@e2e.test`;
  await page.getByLabel('Name').fill(`Buyer ${id}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('cordless-drill-2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  return email;
}

/**
 * The mailed link goes through the provider, the code flow and /auth/callback (token exchange, user
 * record): on a loaded shared machine that takes more than the default 10 s now and then.
 */
const signInRoundTrip = 30_000;

// A visitor's "Buy Now" says why it asks to sign in, and sign-up (through the mailed
// link) returns to the tool as sign-in does.
for (const width of [1280, 375]) {
  test(`at ${width} px a visitor's Buy Now says why, and sign-up returns to the tool`, async ({
    page,
    mailbox,
  }, info) => {
    await page.setViewportSize({ width, height: 800 });
    const [tool] = await (await apiClient(null)).get<{ _id: string; name: string }[]>('/tools');
    if (!tool) throw new Error('no tool');
    await page.goto('/');
    await page.getByRole('link', { name: 'Buy Now' }).first().click();
    await expect(page).toHaveURL(`${stack.shell}/login`);
    const reason = 'Sign in to order — it takes a minute to create an account';
    await expect(page.getByText(reason)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: info.outputPath(`buy-now-login-${width}.png`), fullPage: true });

    // The same from a tool's address, then sign up through the mailed link.
    await page.goto(`/tools/${tool._id}`);
    await expect(page.getByText(reason)).toBeVisible();
    // The sign-in page came prerendered: its link carries the tool along once React runs it
    // (the form's button is enabled then).
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText(reason)).toBeVisible();
    const email = await signUpOn(page, 'buyer');

    const mail = await mailbox.waitForMessage(email, { subject: /Finish signing up/ });
    await page.goto(mailbox.firstLink(mail));
    await expect(page).toHaveURL(`${stack.shell}/tools/${tool._id}`, { timeout: signInRoundTrip });
    await expect(page.getByRole('heading', { name: tool.name }).first()).toBeVisible();
    await page.screenshot({
      path: info.outputPath(`buy-now-after-signup-${width}.png`),
      fullPage: true,
    });
  });
}

test('a forged return target cannot send a new account off the site', async ({ page, mailbox }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('toolshop.signupReturn', '//evil.test/x'));
  await page.goto('/signup');
  const email = await signUpOn(page, 'forged');
  // Written after the sign-up form (which clears it) as an attacker's script could.
  await page.evaluate(() => localStorage.setItem('toolshop.signupReturn', '//evil.test/x'));
  const mail = await mailbox.waitForMessage(email, { subject: /Finish signing up/ });
  await page.goto(mailbox.firstLink(mail));
  await expect(page).toHaveURL(`${stack.shell}/dashboard`, { timeout: signInRoundTrip });
});

// The return target travels with the sign-up through the identity provider: the mailed link opened
// where this browser's storage is gone (another browser, storage cleared) still lands on the tool.
test('the mailed sign-up link lands on the tool even with the storage cleared', async ({
  page,
  mailbox,
}, info) => {
  const [tool] = await (await apiClient(null)).get<{ _id: string; name: string }[]>('/tools');
  if (!tool) throw new Error('no tool');
  await page.goto(`/tools/${tool._id}`);
  await expect(page).toHaveURL(`${stack.shell}/login`);
  // Its link carries the tool along once React runs the prerendered page (as in the test above).
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await page.getByRole('link', { name: 'Create New Account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  const email = await signUpOn(page, 'elsewhere');

  // As if the link were opened in another browser: nothing of this sign-up is left in this one.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
  const mail = await mailbox.waitForMessage(email, { subject: /Finish signing up/ });
  await page.goto(mailbox.firstLink(mail));
  await expect(page).toHaveURL(`${stack.shell}/tools/${tool._id}`, { timeout: signInRoundTrip });
  await expect(page.getByRole('heading', { name: tool.name }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: info.outputPath(`signup-elsewhere-tool-${width}.png`),
      fullPage: true,
    });
  }
});
