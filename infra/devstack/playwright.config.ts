// Browser tests of the whole shop (Debian's Chromium): `npx playwright test -c infra/devstack/playwright.config.ts [filter]`.
// The global setup builds and starts the full stack at port offset 300 on a fresh data folder.
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { E2E_PORT_OFFSET } from './e2e/stack-env';
import { chromiumArgs, chromiumPath } from './src/chromium.mjs';
import { stackUrls } from './src/runtime-files.mjs';

const { shell } = stackUrls(E2E_PORT_OFFSET);
// Runs at another offset (TOOLSHOP_E2E_OFFSET) keep their own artifacts, so parallel runs do not clean each other's.
const runName = E2E_PORT_OFFSET === 300 ? 'e2e' : `e2e-${E2E_PORT_OFFSET}`;

export default defineConfig({
  outputDir: join(repoRoot, 'test-results', runName),
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: join(repoRoot, 'playwright-report', runName), open: 'never' }]],
  use: {
    baseURL: shell,
    screenshot: 'on',
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: ['shell', 'storefront-mfe', 'dashboard-mfe', 'admin-mfe'].map((app) => ({
    name: app,
    testDir: join(repoRoot, app, 'e2e'),
    testMatch: '**/*.spec.ts',
  })),
});
