// Helpers of the prerender browser tests (prerender.spec.ts, prerender-pages.spec.ts): waiting for
// the composed first view, and watching the hydration that follows it.
import type { Page } from '@playwright/test';
import { expect, stack } from '@toolshop/devstack/e2e';

/** Waits until the stack's server composes the page with its fragment (a fresh server may not yet). */
export async function prerendered(path: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await (await fetch(`${stack.shell}${path}`)).text()).includes('data-prerendered'),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** What watchHydration records: the summed layout shift, and whether a navbar or h1 was removed. */
export interface HydrationProbe {
  shift: number;
  removedHeading: boolean;
}

/** What a page's hydration did: its errors so far, and what the page recorded (`probe()`). */
export interface HydrationWatch {
  errors: string[];
  probe: () => Promise<HydrationProbe>;
}

/**
 * From the next navigation on: collects the page's console errors and uncaught exceptions, sums its
 * layout shifts and notes whether a prerendered heading or the navbar is ever removed.
 */
export async function watchHydration(page: Page): Promise<HydrationWatch> {
  const errors = pageErrors(page);
  await page.addInitScript(() => {
    const probe = { shift: 0, removedHeading: false };
    (window as unknown as { probe: typeof probe }).probe = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) probe.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // The navbar or a heading taken out of the page: React rendered it afresh instead of hydrating it.
    new MutationObserver((mutations) => {
      for (const { removedNodes } of mutations) {
        for (const node of removedNodes) {
          if (
            node instanceof Element &&
            (node.matches('h1, header') || node.querySelector('h1, header'))
          )
            probe.removedHeading = true;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    errors,
    probe: () => page.evaluate(() => (window as unknown as { probe: HydrationProbe }).probe),
  };
}

/** Collects the page's console errors and uncaught exceptions from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Hydrated in place: no shift above 0.02, no hydration error, no error at all. */
export function expectCleanHydration(probe: HydrationProbe, errors: string[]): void {
  expect(probe.shift).toBeLessThanOrEqual(0.02);
  expect(
    errors.filter((text) => /hydrat|Minified React error #(418|419|421|422|423|425)/i.test(text)),
  ).toEqual([]);
  expect(errors).toEqual([]);
}
