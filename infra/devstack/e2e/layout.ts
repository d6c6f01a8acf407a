// Layout checks of the browser tests: nothing scrolls sideways, nothing is cut off by its box.
import { expect, type Locator, type Page } from '@playwright/test';

/** The page is no wider than the viewport; on failure names what sticks out, innermost first. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const viewport = window.innerWidth;
    const outside = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
      .slice(-5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scroll: document.scrollingElement!.scrollWidth, viewport, outside };
  });
  expect(
    widths.scroll,
    `page width at ${widths.viewport} px; outside: ${widths.outside.join(', ')}`,
  ).toBeLessThanOrEqual(widths.viewport);
}

/**
 * No visible element that hides overflow holds more than it shows (text cut off mid-word, a column
 * clipped), unless it says so with an ellipsis and offers the whole text in its title, or it is a
 * scroll container the user can scroll (a wide table's wrapper), or a form control (its text
 * scrolls inside it as the caret moves). Parts laid out only near the viewport (`content-visibility:
 * auto`) are checked as they are once scrolled to: skipped, they keep a placeholder size.
 */
export async function expectNothingClipped(page: Page): Promise<void> {
  const clipped = await page.evaluate(() => {
    const deferred = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (el) => getComputedStyle(el).contentVisibility === 'auto',
    );
    for (const el of deferred) el.style.contentVisibility = 'visible';
    const found = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || el.getClientRects().length === 0) return false;
        if (el.closest('[aria-hidden="true"], .Toastify, svg, input, textarea, select'))
          return false;
        const clipsX = ['hidden', 'clip'].includes(style.overflowX);
        const clipsY = ['hidden', 'clip'].includes(style.overflowY);
        const cutX = clipsX && el.scrollWidth > el.clientWidth + 1;
        const cutY =
          clipsY && el.scrollHeight > el.clientHeight + 1 && style.webkitLineClamp === 'none';
        const declared = style.textOverflow === 'ellipsis' && Boolean(el.title);
        const visuallyHidden = el.clientWidth <= 1 || el.clientHeight <= 1;
        return (cutX || cutY) && !declared && !visuallyHidden;
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      );
    for (const el of deferred) el.style.contentVisibility = '';
    return found;
  });
  expect(clipped, 'elements that cut off their content').toEqual([]);
}

/**
 * No word inside `where` is broken across two lines ("Histo / ry" in a squeezed cell): each word's
 * text stands on one line. A line may break after a hyphen, and an email before its "@".
 */
export async function expectWordsWhole(where: Locator): Promise<void> {
  const broken = await where.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text not on screen (a closed disclosure's, a visually hidden label's) has no lines to break.
      const parent = node.parentElement;
      if (!parent?.checkVisibility() || parent.getBoundingClientRect().width <= 1) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/@?[^\s@-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const lines = new Set(rects.map((rect) => Math.round(rect.top)));
        if (lines.size > 1) found.push(match[0]);
      }
    }
    return found;
  });
  expect(broken, 'words broken across lines').toEqual([]);
}

/**
 * Tab from the top of the page to its end: every visible control is reached, in document (reading)
 * order, and focus never falls back to the page itself on the way; Shift+Tab walks the same way back.
 * Returns the names of the controls in the order they were reached.
 */
export async function expectKeyboardWalk(page: Page): Promise<string[]> {
  // The controls in document order, looked up afresh at each step (React may replace nodes).
  const expected = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
    const walk = () => {
      // A modal dialog makes the rest of the page inert: then only its own controls count.
      const scope = document.querySelector('dialog:modal') ?? document;
      return [...scope.querySelectorAll<HTMLElement>(selector)].filter((el) => {
        if (el.closest('[inert], [aria-hidden="true"]') || el.tabIndex < 0) return false;
        if (el.parentElement?.closest('details:not([open])') && !el.matches('details > summary'))
          return false;
        // Tab enters a group of radio buttons once, at its checked one (arrows move inside).
        if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
          const group = [
            ...document.querySelectorAll<HTMLInputElement>('input[type="radio"]'),
          ].filter((radio) => radio.name === el.name && radio.form === el.form);
          if (el !== (group.find((radio) => radio.checked) ?? group[0])) return false;
        }
        const style = getComputedStyle(el);
        // A skip link is visible only while focused: it counts, though it is off-screen now.
        const skipLink = el.matches('a[href^="#"]') && el.textContent?.includes('Skip');
        return skipLink || (style.visibility !== 'hidden' && el.getClientRects().length > 0);
      });
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    Object.assign(window, {
      walkNames: () => walk().map(name),
      walkFocus: () => {
        const el = document.activeElement;
        if (!el || el === document.body || el === document.documentElement) return -1;
        const index = walk().indexOf(el as HTMLElement);
        // Not a control: name it (a scroll container, say, that Chromium makes focusable).
        return index >= 0 ? index : `${name(el)} .${el.className}`;
      },
    });
    (document.activeElement as HTMLElement | null)?.blur();
    window.getSelection()?.removeAllRanges();
    return walk().map(name);
  });
  type Walk = { walkFocus: () => number | string; walkNames: () => string[] };
  const focused = () => page.evaluate(() => (window as unknown as Walk).walkFocus());
  const forward: (number | string)[] = [];
  let wrapped = false;
  for (let step = 0; step < expected.length + 20; step++) {
    await page.keyboard.press('Tab');
    const at = await focused();
    wrapped = at === forward[0];
    if (at === -1 || wrapped) break;
    forward.push(at);
  }
  // The page may have added controls meanwhile (a message, a loaded list): compare with them all.
  const controls = await page.evaluate(() => (window as unknown as Walk).walkNames());
  const names = forward.map((at) =>
    typeof at === 'number' ? (controls[at] ?? `#${at}`) : `not a control: ${at}`,
  );
  expect(forward, `focus order:\n${names.join('\n')}\ncontrols:\n${controls.join('\n')}`).toEqual(
    controls.map((_, i) => i),
  );
  // Back from past the end (where the walk left focus) to the first control.
  if (wrapped) await page.keyboard.press('Shift+Tab');
  const back: (number | string)[] = [];
  for (let step = 0; step < forward.length; step++) {
    await page.keyboard.press('Shift+Tab');
    back.push(await focused());
  }
  expect(back, 'Shift+Tab walks back the same way').toEqual([...forward].reverse());
  return names;
}
