import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Anchor } from './scroll-anchor';

/** How long Back waits for a page to grow tall enough for the place it was left at. */
const RESTORE_WAIT_MS = 5000;
/**
 * How long the page's height must hold still, with nothing loading on it (the shop marks what
 * loads `aria-busy`), before a restored place is left to the visitor.
 */
const SETTLED_MS = 250;
const LOADING = 'main [aria-busy="true"]';

/** Input that means the visitor scrolls themselves: a pending restore gives way. */
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Where to scroll after a navigation: a new page (another path) opens at its top unless it names
 * an anchor (the page scrolls to it); Back and Forward return to where that page was left; a
 * change of the same page's address (a filter, a sort) keeps the place.
 */
export function scrollTargetOf(
  backOrForward: boolean,
  samePath: boolean,
  hash: string,
  saved: number | undefined,
): number | 'keep' {
  if (backOrForward) return saved ?? (samePath ? 'keep' : 0);
  if (samePath || hash) return 'keep';
  return 0;
}

/** Where a page was left: its scroll offset and, if one was found, an element there. */
export interface Place {
  y: number;
  anchor?: Anchor;
}

/** How long the window holds still before the element in view is looked for. */
const ANCHOR_AFTER_MS = 100;

let anchors: typeof import('./scroll-anchor') | undefined;
let anchorsLoading = false;
/** The anchors' code comes with the first scroll: a page not scrolled returns to its top anyway. */
function loadAnchors() {
  if (anchorsLoading) return;
  anchorsLoading = true;
  import('./scroll-anchor').then(
    (module) => (anchors = module),
    // (not come: Back keeps to the offset; the next scroll asks again)
    () => (anchorsLoading = false),
  );
}

/**
 * Scrolls as a multi-page site would (the router changes pages without the browser's help). On
 * Back the browser's own restoration scrolls before the page is rendered and stops at the old
 * page's height: a restore here waits, frame by frame, until the page is tall enough and holds
 * still, and yields to the visitor's own scrolling.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  /** Where each history entry's page was left (a reload is the browser's to restore). */
  const places = useRef(new Map<string, Place>()).current;
  const current = useRef({ key: placeKey(location), pathname: location.pathname });
  /** The browser went Back or Forward (a popstate not yet committed). */
  const traversed = useRef(false);
  /** The popstate the last commit already was (React renders one within the event). */
  const committed = useRef<Event | undefined>(undefined);

  useEffect(() => {
    // Scroll events come after the frame, so they are the page the visitor sees: the entry whose
    // key the last commit recorded. Its anchor is looked for once the window holds still, and as a
    // click or Enter (which may leave the page) begins, on the page still shown.
    let settle: ReturnType<typeof setTimeout> | undefined;
    const findAnchor = () => {
      clearTimeout(settle);
      const { key } = current.current;
      if (!places.has(key)) return;
      const anchor = anchors?.anchorOf(document.querySelector('main'));
      places.set(key, { y: window.scrollY, anchor });
    };
    const remember = () => {
      loadAnchors();
      const { key } = current.current;
      const { y = 0, anchor } = places.get(key) ?? {};
      // (until it is looked for anew, the anchor moved as far as the window scrolled)
      const moved = anchor && { ...anchor, top: anchor.top - (window.scrollY - y) };
      places.set(key, { y: window.scrollY, anchor: moved });
      clearTimeout(settle);
      settle = setTimeout(findAnchor, ANCHOR_AFTER_MS);
    };
    const pressed = (event: Event) => {
      if (!(event instanceof KeyboardEvent) || event.key === 'Enter') findAnchor();
    };
    // React renders a popstate's update within the event, often before this listener runs: the
    // commit then sees the event itself.
    const popped = (event: Event) => {
      if (event !== committed.current) traversed.current = true;
    };
    const listening = new AbortController();
    const { signal } = listening;
    window.addEventListener('scroll', remember, { signal, passive: true });
    window.addEventListener('pointerdown', pressed, { signal, passive: true, capture: true });
    window.addEventListener('keydown', pressed, { signal, passive: true, capture: true });
    window.addEventListener('popstate', popped, { signal });
    return () => {
      clearTimeout(settle);
      listening.abort();
    };
  }, [places]);

  useLayoutEffect(() => {
    const before = current.current;
    const key = placeKey(location);
    if (before.key === key) return;
    current.current = { key, pathname: location.pathname };
    const popstate = window.event?.type === 'popstate' ? window.event : undefined;
    const backOrForward = traversed.current || popstate !== undefined;
    [traversed.current, committed.current] = [false, popstate];
    const place = places.get(key);
    const target = scrollTargetOf(
      backOrForward,
      before.pathname === location.pathname,
      location.hash,
      place?.y,
    );
    if (target === 'keep') return;
    window.scrollTo(0, target);
    if (target === 0) return;
    return restoreWhenTallEnough({ y: target, anchor: place?.anchor });
  }, [location, places]);
}

/**
 * A history entry's place: the router's key, with the path (every tab's first entry has the key
 * "default", whichever page it was).
 */
const placeKey = ({ key, pathname }: { key: string; pathname: string }) => `${key} ${pathname}`;

/**
 * Scrolls to the place once the page can show it (its anchor where it was in the window, else its
 * offset), and holds it there until the page has loaded and stops changing height: its sections
 * render over a few frames, and content arriving above (cards replacing their placeholders) would
 * otherwise move the place away again. For a while at most.
 */
function restoreWhenTallEnough({ y: left, anchor }: Place): () => void {
  const started = performance.now();
  let height = -1;
  let steadySince = started;
  const stop = new AbortController();
  let frame = requestAnimationFrame(function again(now) {
    const { scrollHeight } = document.documentElement;
    if (scrollHeight !== height || document.querySelector(LOADING))
      [height, steadySince] = [scrollHeight, now];
    const room = scrollHeight - window.innerHeight;
    const main = document.querySelector('main');
    const element = anchor && anchors?.anchorElement(main, anchor);
    const y = element
      ? Math.max(0, Math.round(window.scrollY + element.getBoundingClientRect().top - anchor.top))
      : left;
    if (Math.abs(window.scrollY - Math.min(y, room)) >= 1) window.scrollTo(0, Math.min(y, room));
    const settled = room >= y && now - steadySince >= SETTLED_MS;
    if (settled || now - started > RESTORE_WAIT_MS) stop.abort();
    else frame = requestAnimationFrame(again);
  });
  for (const input of TAKE_OVER)
    window.addEventListener(input, () => stop.abort(), { signal: stop.signal, passive: true });
  stop.signal.addEventListener('abort', () => cancelAnimationFrame(frame));
  return () => stop.abort();
}
