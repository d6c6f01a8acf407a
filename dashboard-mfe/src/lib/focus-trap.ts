/** What Tab (or Shift+Tab) may focus inside a container: its enabled, visible links, buttons and fields. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  const selector =
    'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  return Array.from(container.querySelectorAll<HTMLElement>(selector)).filter(
    (element) => !element.hasAttribute('hidden') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Keeps Tab inside an open drawer: from the last control Tab wraps to the first, from the first
 * Shift+Tab wraps to the last, and focus outside comes back in. Returns the element to focus, or
 * null when the browser's own move stays inside.
 */
export function trappedFocusTarget(
  focusables: readonly HTMLElement[],
  active: Element | null,
  backwards: boolean,
): HTMLElement | null {
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) return null;
  const index = active ? focusables.indexOf(active as HTMLElement) : -1;
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === focusables.length - 1) return first;
  return null;
}
