// Browser tests of the whole shop (Debian's Chromium): `npx playwright test -c infra/devstack/playwright.config.ts [filter]`.
// The global setup builds and starts the full stack at port offset 300 on a fresh data folder.
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { E2E_PORT_OFFSET } from './e2e/stack-env';
import { chromiumArgs, chromiumPath } from './src/chromium.mjs';
import { stackUrls } from '@toolshop/web-server/runtime-files.mjs';

const { shell } = stackUrls(E2E_PORT_OFFSET);
// Runs at another offset (TOOLSHOP_E2E_OFFSET) keep their own artifacts, so parallel runs do not clean each other's.
const runName = E2E_PORT_OFFSET === 300 ? 'e2e' : `e2e-${E2E_PORT_OFFSET}`;
const apps = ['shell', 'storefront-mfe', 'dashboard-mfe', 'admin-mfe'];
const releaseSpecs = ['**/e2e/release.spec.ts', '**/e2e/release-gates.spec.ts'];

export default defineConfig({
  outputDir: join(repoRoot, 'test-results', runName),
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['html', { outputFolder: join(repoRoot, 'playwright-report', runName), open: 'never' }],
  ],
  use: {
    baseURL: shell,
    screenshot: 'on',
    // Recording a trace of every test cost a third of CI's browser tests (1654 s with, 1063 s
    // without); CI retries a failure once and records that retry.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    ...apps.map((app) => ({
      name: app,
      testDir: join(repoRoot, app, 'e2e'),
      testMatch: '**/*.spec.ts',
      testIgnore: releaseSpecs,
    })),
    // Releases switch what every visitor of the stack gets: they run after all the other
    // tests (`--no-deps` runs them alone: `playwright test -c ... --no-deps storefront-mfe/e2e/release`).
    {
      name: 'releases',
      testDir: join(repoRoot, 'storefront-mfe', 'e2e'),
      testMatch: 'release.spec.ts',
      dependencies: apps,
    },
    // The release gates and their signals: they change only the admin remote, so beside "releases".
    {
      name: 'release-gates',
      testDir: join(repoRoot, 'shell', 'e2e'),
      testMatch: 'release-gates.spec.ts',
      dependencies: apps,
    },
  ],
});
