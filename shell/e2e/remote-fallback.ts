// The shell's fallback for a remote that could not load or render, as the remote specs look for it.
import type { Page } from '@playwright/test';
import { stack } from '@toolshop/devstack/e2e';

export type RemoteName = 'storefront' | 'dashboard' | 'admin';

const areaName: Record<RemoteName, string> = {
  storefront: 'The shop',
  dashboard: 'The dashboard',
  admin: 'The admin area',
};

/** The fallback alert in the page area in place of `remote`'s page. */
export const remoteFallback = (page: Page, remote: RemoteName = 'storefront') =>
  page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: `${areaName[remote]} is not available right now.` });

/** The tool list answers something that is no list: the storefront's home page throws while rendering. */
export const breakToolList = (page: Page) =>
  page.route(`${stack.api}/tools`, (route) => route.fulfill({ json: { unexpected: true } }));
