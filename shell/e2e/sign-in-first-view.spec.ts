// A visitor's first view of a login-required page is the sign-in page, sent with the HTML (the
// server reads the shell's session hint cookie: shell/src/composition/session-hint.ts); hydrated in
// place at /login, remembering the page, with no hydration error. A signed-in browser gets the page.
import { aToolPath, demo, expect, signInThroughForm, stack, test } from '@toolshop/devstack/e2e';
import { expectCleanHydration, watchHydration } from './prerender-helpers';

test('a visitor opening a tool gets the sign-in page at once, and after signing in the tool', async ({
  page,
}) => {
  const path = await aToolPath();
  const html = await (await fetch(`${stack.shell}${path}`)).text();
  expect(html).toContain('data-sign-in');
  expect(html).toMatch(/<h1[^>]*>Login<\/h1>/);

  const hydration = await watchHydration(page);
  await page.goto(path);
  await expect(page).toHaveURL(`${stack.shell}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const probe = await hydration.probe();
  expect(probe.removedHeading, 'the prerendered heading stays the same element').toBe(false);
  expectCleanHydration(probe, hydration.errors);

  // The page was remembered: signing in leads back to the tool.
  await page.getByLabel('Email').fill(demo.customer.email);
  await page.getByLabel('Password').fill(demo.customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${stack.shell}${path}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Place your order' })).toBeVisible();
});

test('a signed-in browser gets the page itself, and the sign-in page again once signed out', async ({
  page,
}) => {
  const path = await aToolPath();
  await signInThroughForm(page, demo.customer);
  const documents: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'document') documents.push(await response.text());
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 2, name: 'Place your order' })).toBeVisible();
  expect(documents.at(-1)).not.toContain('data-sign-in');

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await page.goto(path);
  await expect(page).toHaveURL(`${stack.shell}/login`);
  expect(documents.at(-1)).toContain('data-sign-in');
});
