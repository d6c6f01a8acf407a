// Helpers of the browser tests that check a dashboard page at a given width.
import type { Page } from '@playwright/test';

type Credentials = { email: string; password: string };

/**
 * Signs in (the signIn fixture waits for the navbar's email, which phones keep behind the menu, so it
 * runs at the default width), then opens `path` at `width` px.
 */
export async function openAtWidth(
  page: Page,
  signIn: (user: Credentials) => Promise<unknown>,
  user: Credentials,
  width: number,
  path: string,
): Promise<void> {
  await signIn(user);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(path);
}
