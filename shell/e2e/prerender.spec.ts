// The home page's first view comes with the HTML: the shell's navbar and the storefront's first
// screen (its own prerendered fragment, composed by the shell's server), hydrated afterwards with no
// hydration error, no layout shift and no element replaced.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { apiClient, demo, expect, stack, test } from '@toolshop/devstack/e2e';
import { expectCleanHydration, prerendered, watchHydration } from './prerender-helpers';

const heroTitle = 'Tools that work as hard as you do';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the navbar and the storefront first screen, styled', async ({
    page,
  }) => {
    // A fresh stack's server may first answer before it has the storefront's fragment (then without it).
    await prerendered('/');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Blogs', 'My Portfolio'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    // The account area waits for the session, which only the browser's JavaScript can read: a blank
    // of Login's size (no Login that a signed-in user would see flash before hydration).
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByText('Login')).toBeHidden();
    const title = page.getByRole('heading', { level: 1, name: heroTitle });
    await expect(title).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop the range' })).toBeVisible();
    await expect(page.getByText('3-year warranty')).toBeVisible();
    // The storefront's and the shell's stylesheets came with the page: the hero is its large white heading.
    expect(await title.evaluate((h1) => parseFloat(getComputedStyle(h1).fontSize))).toBeGreaterThan(
      32,
    );
    expect(await title.evaluate((h1) => getComputedStyle(h1).color)).toBe('rgb(255, 255, 255)');
    expect(await nav.evaluate((n) => getComputedStyle(n).display)).toBe('flex');
  });

  test('a login-required page is the sign-in page for a visitor, and renders in the browser with a session', async ({
    page,
    context,
  }) => {
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    // The shell's session hint (set on sign-in): the page itself, rendered in the browser.
    await context.addCookies([{ name: 'toolshop_signed_in', value: '1', url: stack.shell }]);
    await page.goto('/dashboard/myOrders');
    expect(await page.locator('#root').innerHTML()).toBe('');
  });

  test('a new fragment of the storefront is served without rebuilding the shell, and none while it is down', async ({
    page,
  }) => {
    // A storefront of our own (a copy of its build) beside a shell server on the same shell build.
    // (an ES module: imported at run time, the specs themselves are loaded as CommonJS)
    const { serveStatic } = await import('@toolshop/web-server/static-server.mjs');
    const storefrontCopy = mkdtempSync(join(tmpdir(), 'toolshop-storefront-'));
    cpSync(join(repoRoot, 'storefront-mfe/dist'), storefrontCopy, { recursive: true });
    const storefront = await serveStatic({ root: storefrontCopy, port: 0 });
    const shell = await serveStatic({
      root: join(repoRoot, 'shell/dist'),
      port: 0,
      spaFallback: true,
      runtimeFiles: {
        '/remotes.json': { ...stackRemotes(), storefront: `${storefront.url}/mf-manifest.json` },
      },
    });
    // A busy machine: the fresh servers may first take longer than the composition waits for a fragment.
    const served = async (text: string) =>
      expect
        .poll(async () => (await (await fetch(`${shell.url}/`)).text()).includes(text), {
          timeout: 30_000,
        })
        .toBe(true);
    try {
      await served('Tools that work as hard as');
      await page.goto(`${shell.url}/`);
      await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();

      // The storefront is redeployed with a new first screen: the next visit shows it.
      const file = join(storefrontCopy, 'fragments/home.json');
      const fragment = JSON.parse(readFileSync(file, 'utf8')) as { html: string };
      writeFileSync(
        file,
        JSON.stringify({
          ...fragment,
          html: fragment.html.replace(
            'Tools that work as hard as',
            'Winter sale: tools as tough as',
          ),
        }),
      );
      await served('Winter sale: tools as tough as');
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Winter sale: tools as tough as you do' }),
      ).toBeVisible();

      // The storefront is down: the shell's page comes as before prerendering (rendered by JavaScript).
      await storefront.close();
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await shell.close();
      await storefront.close().catch(() => {});
      rmSync(storefrontCopy, { recursive: true, force: true });
    }
  });
});

function stackRemotes() {
  return Object.fromEntries(
    Object.entries(stack.remotes).map(([name, url]) => [name, `${url}/mf-manifest.json`]),
  );
}

test('the prerendered page is hydrated in place: no hydration error, no layout shift, no element replaced', async ({
  page,
}) => {
  const hydration = await watchHydration(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
  // Hydrated: the rest of the page rendered, the tools arrived, the hero's links act (scroll and focus).
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tools built for the job site' })).toBeVisible();
  await expect(page.getByRole('link', { name: /buy now/i }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Read customer reviews' }).click();
  await expect(page.locator('#reviews')).toBeFocused();
  await expect(page).toHaveURL(`${stack.shell}/`);

  const probe = await hydration.probe();
  expect(probe.removedHeading, 'the prerendered navbar and hero stay the same elements').toBe(
    false,
  );
  expectCleanHydration(probe, hydration.errors);
});

/**
 * Records, from the first parsed byte, every Login link and every account email the main navbar ever
 * holds, and what it holds at DOMContentLoaded (the prerendered HTML, before any script ran).
 */
async function watchAccountArea(page: Page) {
  await page.addInitScript(() => {
    const seen = { loginLink: false, atDomContentLoaded: '' };
    (window as unknown as { accountArea: typeof seen }).accountArea = seen;
    const check = () => {
      for (const link of document.querySelectorAll('nav[aria-label="Main"] a'))
        if (link.textContent?.trim() === 'Login') seen.loginLink = true;
    };
    new MutationObserver(check).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    document.addEventListener('DOMContentLoaded', () => {
      check();
      const nav = document.querySelector('nav[aria-label="Main"]') as HTMLElement | null;
      seen.atDomContentLoaded = nav?.innerText ?? '(no navbar)';
    });
  });
}

test('a signed-in customer never sees Login: the prerendered account area is a blank until the session is read', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  await watchAccountArea(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('customer@toolshop.test')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tools built for the job site' })).toBeVisible();
  const seen = await page.evaluate(
    () =>
      (window as unknown as { accountArea: { loginLink: boolean; atDomContentLoaded: string } })
        .accountArea,
  );
  expect(seen.atDomContentLoaded).toContain('My Portfolio');
  expect(seen.atDomContentLoaded).not.toContain('Login');
  expect(seen.loginLink, 'a Login link was in the navbar at some moment').toBe(false);
});

test('a visitor without a session gets Login in the blank kept for it, without a shift', async ({
  page,
}) => {
  const hydration = await watchHydration(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tools built for the job site' })).toBeVisible();
  expect((await hydration.probe()).shift).toBeLessThanOrEqual(0.02);
});

test('a signed-in customer sees their navbar after the session is read, without a shift', async ({
  page,
  signIn,
}) => {
  await signIn('customer');
  const hydration = await watchHydration(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('customer@toolshop.test')).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Tools built for the job site' })).toBeVisible();
  const probe = await hydration.probe();
  expect(probe.removedHeading, 'the prerendered navbar and hero stay the same elements').toBe(
    false,
  );
  expect(probe.shift).toBeLessThanOrEqual(0.02);
});

test.describe('before the hydration (the scripts held back)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  /** Holds every script until `release()`: the page stays the prerendered HTML meanwhile. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('the phone menu opens before the hydration and stays open, as a button, after it', async ({
    page,
  }) => {
    await prerendered('/');
    const release = await holdScripts(page);
    // (the deferred scripts hold DOMContentLoaded back: the page is there once committed and parsed)
    await page.goto('/', { waitUntil: 'commit' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
    await nav.getByRole('link', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeVisible();

    release();
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeVisible();
    await expect(page).toHaveURL(`${stack.shell}/`);
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
  });

  test("a tool address's Create New Account followed before the hydration keeps the tool to return to", async ({
    page,
  }) => {
    const [tool] = await (await apiClient(null)).get<{ _id: string }[]>('/tools');
    const release = await holdScripts(page);
    // A visitor without a session gets the sign-in page at the tool's address, as plain HTML here.
    await page.goto(`/tools/${tool!._id}`, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await page.waitForURL(/\/signup$/, { waitUntil: 'commit' });
    release();
    await expect(
      page.getByText('Sign in to order — it takes a minute to create an account'),
    ).toBeVisible();
    // and Already have an account? carries it on to /login
    await page.getByRole('link', { name: 'Please login' }).click();
    await expect(
      page.getByText('Sign in to order — it takes a minute to create an account'),
    ).toBeVisible();
  });

  test('what a visitor types into the sign-in form before the hydration is kept: they sign in', async ({
    page,
  }) => {
    await prerendered('/login');
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await expect(login).toBeDisabled();
    await page.getByLabel('Email').pressSequentially(demo.customer.email.slice(0, 5));
    release();
    await expect(login).toBeEnabled();
    await page.getByLabel('Email').pressSequentially(demo.customer.email.slice(5));
    await page.getByLabel('Password').pressSequentially(demo.customer.password);
    await expect(page.getByLabel('Email')).toHaveValue(demo.customer.email);
    await login.click();
    await expect(page).toHaveURL(`${stack.shell}/`);
    // (signed in: the navbar holds the user, behind Menu at this width)
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText(demo.customer.email),
    ).toBeAttached();
  });

  test('a hero link followed before the hydration takes the visitor to its section once it is there', async ({
    page,
  }) => {
    await prerendered('/');
    const release = await holdScripts(page);
    // (the deferred scripts hold DOMContentLoaded back: the page is there once committed and parsed)
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Read customer reviews' }).click();
    release();
    await expect(page.locator('#reviews')).toBeFocused();
    await expect(page.locator('#reviews')).toBeInViewport();
  });
});
