// The storefront team releases on its own. Builds are published to the stack's object store
// and switched through the remote registry with the team's own commands (`release.mjs`, the remotes
// CLI), while the running shell follows on the next page load: no shell rebuild, no restart.
// Variants of the current storefront build (copies of its dist with a visible change, a broken
// manifest, a React major mismatch, a module that throws for some visitors) stand for new builds.
// It runs after every other browser test (project "releases" of the Playwright config): what it
// activates is what every visitor of the test stack gets. Alone: `playwright test ... --no-deps release`.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { accessToken, demo, expect, stack, test } from '@toolshop/devstack/e2e';

const run = promisify(execFile);
const heroV1 = 'Tools that work as hard as';
const heroV2 = 'Release two: tools as tough as';
// Versions of this run (a version is published once, and the stack's data may outlive a run).
const stamp = Date.now().toString(36);
const version = (name: string) => `0.1.0+e2e.${stamp}.${name}`;
const folders: string[] = [];
// The stack's port offset: the CLI and the release script find its registry and store by it.
const env = {
  ...process.env,
  TOOLSHOP_PORT_OFFSET: String(stack.ports.shell - 3000),
  REGISTRY_ACTOR: 'e2e',
};

test.describe.configure({ mode: 'serial' });
// A release is a build upload, an activation a headless smoke check: minutes on a busy machine.
test.setTimeout(240_000);

test.afterAll(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  // Back to the stack's own build, as the other tests know it.
  for (let i = 0; i < 20 && ((await status()).active || (await status()).canary); i++)
    await remotes('rollback', 'storefront');
});

/** A copy of the storefront's build, changed by `change(path, text)` (text files only). */
function variant(name: string, change: (file: string, text: string) => string) {
  const dist = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
  folders.push(dist);
  cpSync(join(repoRoot, 'storefront-mfe/dist'), dist, { recursive: true });
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|json)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, 'utf8');
    const changed = change(path.slice(dist.length + 1), text);
    if (changed !== text) writeFileSync(path, changed);
  }
  return dist;
}

/** A variant published as `name` by the team's release script. */
async function release(
  name: string,
  change: (file: string, text: string) => string = (_, text) => text,
) {
  const dist = variant(name, change);
  await run(
    process.execPath,
    [
      'infra/registry/src/release.mjs',
      'storefront',
      '--skip-build',
      '--dist',
      dist,
      '--version',
      version(name),
    ],
    {
      cwd: repoRoot,
      env,
    },
  );
  return version(name);
}

/** The remotes CLI as a team runs it: its output, or the refusal's message. */
async function remotes(...args: string[]): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['infra/registry/src/cli.mjs', ...args], {
      cwd: repoRoot,
      env,
    });
    return { ok: true, out: stdout };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${stdout}${stderr}` };
  }
}

async function registry<T>(
  path: string,
  token: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${stack.registry}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

interface Status {
  storefront: {
    active: { version: string } | null;
    canary: { version: string; percent: number } | null;
  };
}
const status = async () =>
  (await registry<Status>('/status', 'storefront-demo-token')).body.storefront;

/** The storefront version this page's /remotes.json names (its own cookie). */
const mapVersion = async (page: Page) =>
  (
    (await (await page.request.get('/remotes.json')).json()) as {
      storefront: string | { version: string };
    }
  ).storefront;

/** Opens the home page in a new browser (its own canary cookie) and returns the hero it shows. */
async function heroIn(page: Page) {
  await page.goto('/');
  const hero = page.getByRole('heading', { level: 1 });
  await expect(hero).toContainText(/you do/);
  await page.waitForLoadState('networkidle');
  return hero.innerText();
}

test('the storefront team cannot touch the admin remote with its credential; history is for the shop admins', async () => {
  const withStorefrontToken = await run(
    process.execPath,
    ['infra/registry/src/cli.mjs', 'rollback', 'admin'],
    {
      cwd: repoRoot,
      env: { ...env, REGISTRY_TOKEN: 'storefront-demo-token' },
    },
  ).catch((error: { stderr: string }) => error.stderr);
  expect(withStorefrontToken).toContain(
    "the storefront team's token cannot change the admin remote",
  );
  const activate = await registry<{ message: string }>(
    '/remotes/admin/activate',
    'storefront-demo-token',
    {
      method: 'POST',
      body: JSON.stringify({ version: '0.1.0+x' }),
    },
  );
  expect(activate.status).toBe(403);
  const publish = await registry('/releases', 'storefront-demo-token', {
    method: 'POST',
    body: JSON.stringify({ remote: 'admin', version: '0.1.0+x', integrity: {} }),
  });
  expect(publish.status).toBe(403);

  // The shop's admins read the whole history with their API token; a customer's token is refused.
  expect((await registry<unknown[]>('/history', await accessToken(demo.admin))).status).toBe(200);
  expect((await registry('/history', await accessToken(demo.customer))).status).toBe(401);
});

test('an incompatible candidate is refused with what does not fit, and visitors keep what they had', async ({
  page,
}) => {
  const before = await status();
  const missing = await release('no-blogs', (file, text) => {
    if (file !== 'mf-manifest.json') return text;
    const manifest = JSON.parse(text) as { exposes: { path: string }[] };
    return JSON.stringify({
      ...manifest,
      exposes: manifest.exposes.filter(({ path }) => path !== './BlogsPage'),
    });
  });
  const noBlogs = await remotes('activate', 'storefront', missing);
  expect(noBlogs.ok).toBe(false);
  expect(noBlogs.out).toContain(
    "the candidate does not expose ./BlogsPage, which the shell's route table asks of storefront",
  );

  const react18 = await release('react-18', (file, text) => {
    if (file !== 'mf-manifest.json') return text;
    const manifest = JSON.parse(text) as {
      shared: { name: string; version: string; requiredVersion: string | null }[];
    };
    const shared = manifest.shared.map((entry) =>
      entry.name === 'react' ? { ...entry, version: '18.3.1', requiredVersion: '^18.3.1' } : entry,
    );
    return JSON.stringify({ ...manifest, shared });
  });
  const major = await remotes('activate', 'storefront', react18);
  expect(major.ok).toBe(false);
  expect(major.out).toMatch(/the candidate's react 18\.3\.1 does not satisfy the shell's \^19\./);

  expect(await status()).toEqual(before);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(heroV1);
  const history = (
    await registry<{ action: string; version: string; reason: string }[]>(
      '/history?remote=storefront',
      'storefront-demo-token',
    )
  ).body;
  expect(
    history.filter((entry) => entry.action === 'refused').map((entry) => entry.version),
  ).toEqual(expect.arrayContaining([missing, react18]));
});

test('release v2 with a visible change, activate: the running shell shows it on reload; rollback: v1 again', async ({
  page,
}) => {
  const v1 = await release('v1');
  expect((await remotes('activate', 'storefront', v1, '--reason', 'e2e baseline')).ok).toBe(true);
  const storeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${stack.store}/storefront/`)) storeRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(heroV1);
  expect(storeRequests.some((url) => decodeURIComponent(url).includes(`/storefront/${v1}/`))).toBe(
    true,
  );

  // v2 goes out through the CI pipeline's script (release, then activation through the gates; its
  // first step, the storefront's own tests, runs in npm test anyway)
  const v2 = version('v2');
  const dist = variant('v2', (_, text) => text.replaceAll(heroV1, heroV2));
  const { stdout } = await run(
    process.execPath,
    [
      'infra/registry/src/pipeline.mjs',
      'storefront',
      '--skip-tests',
      '--dist',
      dist,
      '--version',
      v2,
    ],
    { cwd: repoRoot, env },
  );
  expect(stdout).toContain(`storefront ${v2} is active for every visitor`);
  // The first view comes prerendered from v2's own fragment, its stylesheets held to the release's hashes.
  const prerendered = await (await page.request.get('/')).text();
  expect(prerendered).toContain(heroV2);
  expect(prerendered).toMatch(
    /<link rel="stylesheet" href="[^"]*\/storefront\/[^"]*\.css" integrity="sha384-[^"]+" crossorigin="anonymous">/,
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(heroV2);
  await page.screenshot({ path: test.info().outputPath('v2-home.png') });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const back = await remotes('rollback', 'storefront', '--reason', 'e2e rollback');
  expect(back.out).toContain(`storefront is back on ${v1}`);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(heroV1);
  const history = (await remotes('history', 'storefront')).out;
  expect(history).toContain(`rollback ${v1} (was ${v2})  by storefront team (e2e): e2e rollback`);
  expect(history).toContain(
    `activate ${v2} (was ${v1})  by storefront team (e2e): release pipeline`,
  );
});

test('a 50 % canary gives both versions to different browsers and the same one to the same browser; promote', async ({
  browser,
}) => {
  const base = (await status()).active?.version;
  expect(base).toBeTruthy();
  const candidate = await release('canary', (_, text) => text.replaceAll(heroV1, heroV2));
  expect((await remotes('activate', 'storefront', candidate, '--percent', '50')).out).toContain(
    `${candidate} is a canary for 50 %`,
  );

  const seen = new Map<string, string>();
  for (let i = 0; i < 16 && new Set(seen.values()).size < 2; i++) {
    const context = await browser.newContext({ baseURL: stack.shell });
    const page = await context.newPage();
    const first = await mapVersion(page);
    const version = typeof first === 'string' ? first : first.version;
    // the same browser (its cookie) keeps its version
    for (let again = 0; again < 3; again++) expect(await mapVersion(page)).toEqual(first);
    seen.set(`browser ${i}`, version);
    if (i < 2 || new Set(seen.values()).size === 2) {
      // and the page it shows is that version's
      expect(await heroIn(page)).toContain(version === candidate ? heroV2 : heroV1);
    }
    await context.close();
  }
  expect(new Set(seen.values())).toEqual(new Set([base, candidate]));

  expect((await remotes('promote', 'storefront')).out).toContain(
    `storefront ${candidate} is active for every visitor`,
  );
  expect((await status()).canary).toBeNull();
});

test('a canary that throws for its visitors is rolled back automatically, and the history says so', async ({
  browser,
}) => {
  const base = (await status()).active?.version as string;
  // Fails only in browsers marked by the test: it passes the smoke check like a real latent bug.
  const throwing = await release('throws', (file, text) =>
    file.startsWith('__federation_expose_HomePage.') && file.endsWith('.js')
      ? `if (globalThis.localStorage && localStorage.getItem("toolshop-e2e-boom")) throw new Error("canary boom");\n${text}`
      : text,
  );
  expect((await remotes('activate', 'storefront', throwing, '--percent', '90')).ok).toBe(true);

  for (let i = 0; i < 40 && (await status()).canary; i++) {
    await visitMarked(browser);
  }
  await expect.poll(async () => (await status()).canary, { timeout: 30_000 }).toBeNull();
  expect((await status()).active?.version).toBe(base);
  const [last] = (
    await registry<
      { action: string; from: string; automatic: boolean; by: string; reason: string }[]
    >('/history?remote=storefront', 'storefront-demo-token')
  ).body;
  expect(last).toMatchObject({
    action: 'rollback',
    from: throwing,
    automatic: true,
    by: 'registry',
  });
  expect(last?.reason).toMatch(/^automatic: error rate \d+ % over \d+ page loads/);
  expect((await remotes('history', 'storefront')).out).toContain(
    `(was ${throwing})  by registry: automatic`,
  );
});

/** One page load of a browser marked to hit the throwing canary's bug. */
async function visitMarked(browser: Browser) {
  const context = await browser.newContext({ baseURL: stack.shell });
  await context.addInitScript(() => localStorage.setItem('toolshop-e2e-boom', '1'));
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForLoadState('networkidle').catch(() => {});
  await context.close();
}
