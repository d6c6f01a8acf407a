// axe-core in the composed shop: its script is evaluated through the browser's debugging protocol
// (not a <script> tag, which the strict CSP would refuse), then run on one part of the page.
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from '@playwright/test';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** No WCAG 2.x A/AA violation inside `selector` (the page's main content by default). */
export async function expectNoAxeViolations(page: Page, selector = 'main'): Promise<void> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations;
  }, selector);
  const summary = (violations as AxeViolation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
