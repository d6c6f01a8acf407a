// Where Back returns to on a page that comes back rendered anew: an element that was in view, found
// again (scroll-restoration.ts loads this with the first scroll of a page).

/**
 * An element of the page where it was left, and how far from the top of the window: Back shows it
 * there again. The page comes back rendered anew, and what is above the place may not have its
 * height yet (a card laid out only near the screen has an estimated one) or may have changed: the
 * place's scroll offset alone showed other cards, up to a screen away.
 */
export interface Anchor {
  /** Child indexes from `main` down to the element. */
  path: number[];
  tag: string;
  /** The start of its text, which tells it apart when the path leads elsewhere. */
  text: string;
  /** Its top, from the top of the window. */
  top: number;
}

const ANCHOR_TEXT = 80;
const textOf = (element: Element) => (element.textContent ?? '').trim().slice(0, ANCHOR_TEXT);
const withText = (main: Element, tag: string, text: string) =>
  [...main.querySelectorAll(tag)].filter((element) => textOf(element) === text);

/**
 * The element to anchor a place to: near the middle of the window (the first of a few points that
 * hits one), the smallest around the point whose text no other element of its kind in `main` has.
 */
export function anchorOf(main: Element | null): Anchor | undefined {
  if (!main || !document.elementFromPoint) return undefined;
  for (const down of [0.4, 0.25, 0.6])
    for (const across of [0.5, 0.25, 0.75]) {
      const anchor = anchorAt(main, innerWidth * across, innerHeight * down);
      if (anchor) return anchor;
    }
  return undefined;
}

function anchorAt(main: Element, x: number, y: number): Anchor | undefined {
  let element = document.elementFromPoint(x, y);
  while (element && element !== main && main.contains(element)) {
    const { top, height } = element.getBoundingClientRect();
    if (height > innerHeight / 2) return undefined;
    const { tagName: tag } = element;
    const text = textOf(element);
    if (text && withText(main, tag, text).length === 1) {
      const path: number[] = [];
      for (let step = element; step !== main; step = step.parentElement!)
        path.unshift([...step.parentElement!.children].indexOf(step));
      return { path, tag, text, top };
    }
    element = element.parentElement;
  }
  return undefined;
}

/**
 * The anchor's element on the page as it is now: at its path if it has its text, else the one
 * element with that text (the list it was in changed), else none.
 */
export function anchorElement(main: Element | null, anchor: Anchor): Element | undefined {
  if (!main) return undefined;
  let element: Element | undefined = main;
  for (const index of anchor.path) element = element?.children[index];
  if (element && textOf(element) === anchor.text) return element;
  const same = withText(main, anchor.tag, anchor.text);
  return same.length === 1 ? same[0] : undefined;
}
