import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { postUrgentTask } from '@toolshop/ui/scheduling';

/** How long a lazily loaded page may take to show its heading before focus settles on <main>. */
const HEADING_WAIT_MS = 3000;

/** What a screen reader hears after a navigation: the page's heading, else the tab title. */
export function pageAnnouncement(heading: string | null | undefined, title: string): string {
  const text = heading?.trim();
  return text ? `${text} page` : title.replace(/ \| Toolshop$/, '');
}

/**
 * After a navigation (a new pathname, not the first load): focus moves to the page's main heading
 * (else <main>) and the page is announced, unless the page already put focus inside <main>
 * (e.g. a dialog or a form field). Returns the text for an aria-live region.
 *
 * The focus waits for the heading (a DOM observer) and runs in an urgent task of its own. Focusing
 * lays the page out: between React's commit and the next frame, that layout is not also the frame's
 * (from an animation frame, the page's first layout and paint were one task: Manage All Orders'
 * 60-90 ms at 4x CPU).
 */
export function useRouteFocus(pathname: string, main: RefObject<HTMLElement | null>): string {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const area = main.current;
    if (!area) return;
    let cancelTask = () => {};
    let announced = 0;
    const settle = () => {
      const heading = area.querySelector<HTMLElement>('h1');
      const target = heading ?? area;
      if (!area.contains(document.activeElement) || document.activeElement === area) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
      // announced after the frame that shows the page (the live region's render is not in its way)
      announced = requestAnimationFrame(() =>
        setAnnouncement(pageAnnouncement(heading?.textContent, document.title)),
      );
    };
    const observer = new MutationObserver(() => headingShown());
    const giveUp = setTimeout(() => {
      observer.disconnect();
      settle();
    }, HEADING_WAIT_MS);
    const headingShown = () => {
      if (!area.querySelector('h1')) return false;
      observer.disconnect();
      clearTimeout(giveUp);
      cancelTask = postUrgentTask(settle);
      return true;
    };
    if (!headingShown()) observer.observe(area, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
      cancelTask();
      cancelAnimationFrame(announced);
    };
  }, [pathname, main]);
  return announcement;
}
