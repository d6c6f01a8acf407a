import { useEffect, useRef, useState, type RefObject } from 'react';

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
 */
export function useRouteFocus(pathname: string, main: RefObject<HTMLElement | null>): string {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = Date.now();
    let frame = 0;
    const settle = () => {
      const area = main.current;
      if (!area) return;
      const heading = area.querySelector<HTMLElement>('h1');
      if (!heading && Date.now() - started < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(settle);
        return;
      }
      const target = heading ?? area;
      if (!area.contains(document.activeElement) || document.activeElement === area) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
      setAnnouncement(pageAnnouncement(heading?.textContent, document.title));
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
  return announcement;
}
