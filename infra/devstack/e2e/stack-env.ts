import type { stackUrls } from '@toolshop/web-server/runtime-files.mjs';

/** The browser-test stack runs at this port offset (shell 3300, API 5300, identity 4300...). */
export const E2E_PORT_OFFSET = Number(process.env.TOOLSHOP_E2E_OFFSET ?? 300);

export type StackUrls = ReturnType<typeof stackUrls>;

// Read by fixtures.ts (which cannot import this file: see there).
const STACK_ENV = 'TOOLSHOP_E2E_STACK';

/** The global setup hands the URLs to the test workers through the environment. */
export function publishStackUrls(urls: StackUrls): void {
  process.env[STACK_ENV] = JSON.stringify(urls);
}
