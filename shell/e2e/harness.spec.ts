import { apiClient, demo, expect, stack, test } from '@toolshop/devstack/e2e';

// Each remote's own server also serves its standalone harness (own router, dev sign-in): QA can test it alone.
test('the dashboard remote runs alone in its harness with a dev sign-in', async ({
  page,
  freshUser,
}) => {
  await page.goto(`${stack.remotes.dashboard}/dashboard/myOrders`);
  await expect(page.getByText('dashboard · standalone harness')).toBeVisible();
  const signInForm = page.getByRole('form', { name: 'Dev sign-in' });
  await signInForm.getByLabel('Email').fill(freshUser.email);
  await signInForm.getByLabel('Password').fill(freshUser.password);
  await signInForm.getByRole('button', { name: 'Dev sign-in' }).click();

  await expect(page.getByRole('banner').getByText(freshUser.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
});

test('the storefront remote runs alone in its harness', async ({ page }) => {
  await page.goto(`${stack.remotes.storefront}/blogs`);
  await expect(page.getByText('storefront · standalone harness')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Blogs/);
});

test('pointing the shell at a moved remote is an edit of /remotes.json, no rebuild', async ({
  page,
}) => {
  // Same build, another address: the storefront now "lives" at 127.0.0.1 instead of localhost.
  const moved = stack.remotes.storefront.replace('localhost', '127.0.0.1');
  const map = {
    ...Object.fromEntries(
      Object.entries(stack.remotes).map(([name, url]) => [name, `${url}/mf-manifest.json`]),
    ),
    storefront: `${moved}/mf-manifest.json`,
  };
  await page.route(`${stack.shell}/remotes.json`, (route) => route.fulfill({ json: map }));
  const fromMoved: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().startsWith(moved)) fromMoved.push(request.url());
  });

  await page.goto('/');

  await expect(page.getByRole('link', { name: 'Buy Now' }).first()).toBeVisible();
  expect(fromMoved.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
  expect(fromMoved.some((url) => url.endsWith('.js') && !url.endsWith('remoteEntry.js'))).toBe(
    true,
  );
});

test('a harness waits for the session: the demo admin signs in with one click and the list loads', async ({
  page,
}) => {
  // The users list holds whoever has used the API: the demo customer may not have yet on a fresh stack.
  await (await apiClient(demo.customer)).get('/savedLists');
  await page.goto(`${stack.remotes.admin}/dashboard/users`);
  await expect(page.getByText('Not signed in')).toBeVisible();

  await page.getByRole('button', { name: 'Sign in as demo admin' }).click();

  await expect(page.getByRole('banner').getByText(`${demo.admin.email} (admin)`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(demo.customer.email) })).toBeVisible();
});

// The root of the dashboard and admin harnesses was blank, and the admin harness's
// Remote Releases page failed on CORS (the registry let only the shell's origin read).
test('the root of the dashboard and admin harnesses lists their pages', async ({ page }) => {
  for (const [remote, link] of [
    ['dashboard', 'My Orders'],
    ['admin', 'Remote Releases'],
  ] as const) {
    await page.goto(`${stack.remotes[remote]}/`);
    await expect(page.getByRole('heading', { name: `The ${remote} remote's pages` })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${link} /dashboard/`) })
      .click();
    await expect(page).toHaveURL(/\/dashboard\//);
  }
});

test("the admin harness's Remote Releases page reads the registry's history", async ({ page }) => {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await page.goto(`${stack.remotes.admin}/dashboard/remoteReleases`);
  await page.getByRole('button', { name: 'Sign in as demo admin' }).click();
  const history = page.getByRole('table', { name: /Releases of the remotes, newest first/ });
  await expect(history.or(page.getByText('No remote releases recorded yet'))).toBeVisible();
  await expect(page.getByText('The release history could not be loaded.')).toHaveCount(0);
  expect(failures.filter((text) => /CORS|Access-Control/i.test(text))).toEqual([]);
});
