// Gate 3: the candidate's entry loads and renders its pages in a headless browser (Debian's Chromium
// through playwright-core) in the running shell against the running API, before any visitor gets it:
// the shell's /remotes.json is answered with the candidate in this browser only. A page fails the
// check when it throws, logs an error to the console, shows any fallback of the shell (marked with
// compositionSignals.fallbackAttribute: a remote that could not load, or the plain layout in place
// of a layout page), has a failure caught by the shell's composition (its error boundaries and load
// failures, listed on window[compositionSignals.failuresKey]), or leaves the page area empty; and
// the check fails when the shell never loads the candidate's entry. It reads the shell's own
// markers, not its texts, so a new wording of a fallback cannot slip through.
import { compositionSignals, routeTables } from '@toolshop/routes';
import { chromium } from 'playwright-core';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * @param {{ remote: string, release: { manifest: string, version: string, integrity: Record<string, string> },
 *           shellUrl: string, signIn?: { email: string, password: string }, timeoutMs?: number }} options
 * @returns {Promise<string[]>} the problems found (none: the check passed)
 */
export async function smokeCheck({ remote, release, shellUrl, signIn, timeoutMs = 20_000 }) {
  const table = routeTables[/** @type {keyof typeof routeTables} */ (remote)] ?? [];
  const pages = table.filter(({ path }) => !path.includes(':'));
  const needsSignIn = pages.some(({ access }) => access !== 'public');
  const browser = await chromium.launch({ executablePath: chromiumPath, args });
  const problems = [];
  try {
    const context = await browser.newContext({ baseURL: shellUrl });
    context.setDefaultTimeout(timeoutMs);
    const base = new URL(release.manifest, shellUrl);
    const entryRequested = new Set();
    await context.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const map = {
        ...(await response.json()),
        [remote]: {
          manifest: release.manifest,
          version: release.version,
          integrity: release.integrity,
        },
      };
      await route.fulfill({ response, json: map });
    });
    // Pages the shell's server prerenders (home, blogs, portfolio, sign-in…) hold the live version's
    // first view, which the candidate would hydrate (a mismatch) or hide behind (a candidate that
    // renders nothing would still show it): this browser gets the shell's plain page for every
    // document instead, from the server itself (a page fulfilled by the test is of no address space:
    // Chromium's local network access checks would then refuse its requests to the store).
    const shellOrigin = new URL(shellUrl).origin;
    const plainPage = new URL('/index.html', shellUrl).href;
    await context.route(
      (url) => url.origin === shellOrigin,
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        await route.continue({ url: plainPage });
      },
    );
    // The candidate's reports are no visitor's: never forwarded to the registry.
    await context.route(new URL('/remotes/beacon', shellUrl).href, (route) =>
      route.fulfill({ status: 204 }),
    );
    context.on('requestfinished', (request) => {
      if (request.url().startsWith(new URL('.', base).href)) entryRequested.add(request.url());
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(`threw: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`logged an error: ${message.text()}`);
    });
    if (needsSignIn && signIn) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(signIn.email);
      await page.getByLabel('Password').fill(signIn.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByText(signIn.email).waitFor();
    }
    const seen = new Set();
    for (const { path, access } of pages) {
      if (seen.has(path) || (access !== 'public' && !signIn)) continue;
      seen.add(path);
      errors.length = 0;
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      // until the page shows something, or the shell shows or records a failure
      await page
        .waitForFunction(
          ({ fallbackAttribute, failuresKey }) =>
            (document.querySelector('main')?.textContent ?? '').trim().length > 0 ||
            document.querySelector(`[${fallbackAttribute}]`) !== null ||
            /** @type {any} */ (window[failuresKey]?.length ?? 0) > 0,
          compositionSignals,
          { timeout: 10_000 },
        )
        .catch(() => {});
      const seenHere = await page.evaluate(({ fallbackAttribute, failuresKey }) => {
        const fallbacks = [...document.querySelectorAll(`[${fallbackAttribute}]`)].map(
          (element) =>
            `${element.getAttribute(fallbackAttribute)}${element.getAttribute('data-remote') ? ` of ${element.getAttribute('data-remote')}` : ''}: ${element.textContent?.trim().slice(0, 80)}`,
        );
        /** @type {{ remote: string, kind: string, message: unknown }[]} */
        const caught = /** @type {any} */ (window)[failuresKey] ?? [];
        const failures = caught.map(
          ({ remote, kind, message }) =>
            `${kind} failure of ${remote}: ${String(message).slice(0, 160)}`,
        );
        return {
          fallbacks,
          failures,
          text: (document.querySelector('main')?.innerText ?? '').trim(),
        };
      }, compositionSignals);
      const before = problems.length;
      for (const failure of seenHere.failures)
        problems.push(`${path}: the shell caught a ${failure}`);
      for (const fallback of seenHere.fallbacks)
        problems.push(`${path} shows the shell's fallback (${fallback})`);
      for (const error of new Set(errors)) problems.push(`${path} ${error.slice(0, 200)}`);
      if (problems.length === before && !seenHere.text)
        problems.push(`${path} rendered nothing in the page area`);
    }
    if (
      ![...entryRequested].some(
        (url) => url.endsWith('/remoteEntry.js') || url.endsWith('/mf-manifest.json'),
      )
    ) {
      problems.push(`the shell never loaded ${remote} ${release.version} from ${release.manifest}`);
    }
    await context.close();
  } catch (error) {
    problems.push(
      `the smoke check failed: ${String(error?.message ?? error)
        .split('\n')[0]
        ?.slice(0, 200)}`,
    );
  } finally {
    await browser.close();
  }
  return problems.map((problem) => `smoke check: ${problem}`);
}
