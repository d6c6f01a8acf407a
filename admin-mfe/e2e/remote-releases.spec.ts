// The shop's admins see the remote registry's history on the admin remote's Remote
// Releases page (the registry's URL from /config.json, read with the admin's own API token); a
// customer gets neither the link nor the page. A tiny admin release (never activated: nothing
// changes for visitors) gives the page an entry of this run.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@toolshop/settings/repo-root';
import { expect, expectNoAxeViolations, stack, test } from '@toolshop/devstack/e2e';

const run = promisify(execFile);

test('an admin sees every release of the remotes with who, when, which version and why, newest first', async ({
  page,
  signIn,
}) => {
  test.slow(); // a release through the registry's own script
  const version = `0.0.1+e2e.${Date.now().toString(36)}.history`;
  const dist = mkdtempSync(join(tmpdir(), 'admin-history-'));
  try {
    writeFileSync(join(dist, 'mf-manifest.json'), '{"name":"admin"}');
    writeFileSync(join(dist, 'remoteEntry.js'), 'var admin;');
    const env = {
      ...process.env,
      TOOLSHOP_PORT_OFFSET: String(stack.ports.shell - 3000),
      REGISTRY_ACTOR: 'e2e',
    };
    await run(
      process.execPath,
      [
        'infra/registry/src/release.mjs',
        'admin',
        '--skip-build',
        '--dist',
        dist,
        '--version',
        version,
      ],
      { cwd: repoRoot, env },
    );
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }

  await signIn('admin');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Remote Releases' }).click();
  await expect(page).toHaveURL(/\/dashboard\/remoteReleases$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Remote Releases' })).toBeVisible();
  const table = page.getByRole('table', { name: /Releases of the remotes, newest first/ });
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('Released');
  await expect(first).toContainText('admin');
  await expect(first).toContainText(version);
  await expect(first).toContainText('admin team (e2e)');
  await expectNoAxeViolations(page);
});

test('a customer gets neither the Remote Releases link nor the page', async ({ page, signIn }) => {
  await signIn('customer');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Remote Releases' })).toHaveCount(0);
  await page.goto('/dashboard/remoteReleases');
  await expect(page.getByRole('heading', { level: 1, name: 'Remote Releases' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Releases of the remotes/ })).toHaveCount(0);
});

test('with no release recorded the page says what is live (the built-in versions) and how a team releases', async ({
  page,
  signIn,
}) => {
  // An empty history, as on a fresh shop (other tests of this run release a version).
  await page.route('**/history?limit=*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: [] }),
  );
  await signIn('admin');
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/remoteReleases');
    await expect(page.getByText(/No remote releases recorded yet/)).toBeVisible();
    const live = page.getByRole('list', { name: 'Live now' });
    for (const remote of ['storefront', 'dashboard', 'admin']) {
      await expect(
        live.getByRole('listitem').filter({ hasText: new RegExp(`^${remote}:`) }),
      ).toHaveText(new RegExp(`^${remote}: (built-in version|release )`));
    }
    await expect(
      page.getByRole('heading', { level: 2, name: 'How a team releases' }),
    ).toBeVisible();
    await expect(page.getByText('npm run release -w @toolshop/<remote>-mfe')).toBeVisible();
    await expect(page.getByText(/npm run remotes -- activate/)).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`remote-releases-empty-${width}.png`),
      fullPage: true,
    });
  }
  await expectNoAxeViolations(page);
});
