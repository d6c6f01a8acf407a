// Gate 3: the candidate's entry loads and renders its pages in a headless browser (Debian's Chromium
// through playwright-core) in the running shell against the running API, before any visitor gets it:
// the shell's /remotes.json is answered with the candidate in this browser only. A page that throws,
// shows the shell's "unavailable" fallback or never loads the candidate's entry fails the check.
import { routeTables } from '@toolshop/routes';
import { chromium } from 'playwright-core';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

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
      const map = { ...(await response.json()), [remote]: { manifest: release.manifest, version: release.version, integrity: release.integrity } };
      await route.fulfill({ response, json: map });
    });
    // The home page the shell's server composes holds the live version's prerendered fragment, which
    // the candidate would hydrate (a mismatch): this browser gets the shell's plain page instead.
    await context.route(new URL('/', shellUrl).href, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch({ url: new URL('/index.html', shellUrl).href });
      await route.fulfill({ response });
    });
    context.on('requestfinished', (request) => {
      if (request.url().startsWith(new URL('.', base).href)) entryRequested.add(request.url());
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
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
      await page
        .waitForFunction(() => (document.querySelector('main')?.textContent ?? '').trim().length > 0, null, { timeout: 10_000 })
        .catch(() => {});
      const main = page.locator('main');
      const text = (await main.innerText().catch(() => '')).trim();
      if (errors.length) problems.push(`${path} threw: ${errors[0].slice(0, 200)}`);
      else if (/unavailable|could not be loaded|something went wrong/i.test(text)) problems.push(`${path} shows the shell's fallback: ${text.slice(0, 120)}`);
      else if (!text) problems.push(`${path} rendered nothing`);
    }
    if (![...entryRequested].some((url) => url.endsWith('/remoteEntry.js') || url.endsWith('/mf-manifest.json'))) {
      problems.push(`the shell never loaded ${remote} ${release.version} from ${release.manifest}`);
    }
    await context.close();
  } catch (error) {
    problems.push(`the smoke check failed: ${String(error?.message ?? error).split('\n')[0].slice(0, 200)}`);
  } finally {
    await browser.close();
  }
  return problems.map((problem) => `smoke check: ${problem}`);
}
