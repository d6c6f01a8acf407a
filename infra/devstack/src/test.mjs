// `npm test`: every project's build, type check, lint and tests (unit and integration, each
// suite starting the servers it needs), then the browser tests against the whole shop.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './run.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
process.env.NX_DAEMON = 'false';
process.env.NX_NO_CLOUD = 'true';
process.env.NX_TUI = 'false';

const failures = [];
const step = async (label, command, args) => {
  console.log(`\n=== ${label}`);
  const code = await run(command, args, { cwd: root });
  if (code !== 0) failures.push(label);
};

await step('build, typecheck, lint and test every project', 'npx', [
  'nx', 'run-many', '-t', 'build', 'typecheck', 'lint', 'test', '--outputStyle=stream', '--skipNxCache',
]);

const e2eConfig = join(root, 'infra/devstack/playwright.config.ts');
const hasBrowserTests = ['shell', 'storefront-mfe', 'dashboard-mfe', 'admin-mfe'].some((app) => {
  const dir = join(root, app, 'e2e');
  return existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.spec.ts'));
});
if (failures.length === 0 && hasBrowserTests && existsSync(e2eConfig)) {
  // Everything was just built above; the browser tests' global setup need not build again.
  process.env.E2E_SKIP_BUILD = 'true';
  await step('browser tests (Playwright, Debian Chromium)', 'npx', ['playwright', 'test', '-c', e2eConfig]);
}

if (failures.length) {
  console.error(`\nFAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('\nAll checks passed.');
