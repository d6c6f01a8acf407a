import type { MouseEvent } from 'react';
import { HeroIllustration } from './hero-illustration';
import styles from './hero.module.css';

/**
 * Scrolls within the page instead of letting the router see a hash change, and moves focus to
 * the section so keyboard and screen-reader users land where sighted users look.
 */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (revealSection(id)) event.preventDefault();
}

/** Scrolls to the hero's link target `id` and focuses it; false when it is not on the page (yet). */
export function revealSection(id: string, { instant = false } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  // (instant while the sections above still load: the browser's scroll anchoring then keeps it in view)
  const smooth = !reduceMotion && !instant;
  target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  target.focus({ preventScroll: true });
  if (smooth) landWhenScrollEnds(target);
  return true;
}

/**
 * A smooth scroll picks where to stop when it starts: content arriving above meanwhile (the tools'
 * cards replacing their placeholders) moves the section after it was chosen. Once the scroll ends,
 * a jump puts the section back at the top, unless the visitor took over the scrolling.
 */
function landWhenScrollEnds(target: HTMLElement) {
  const done = new AbortController();
  const on = (type: string, then?: () => void) =>
    window.addEventListener(
      type,
      () => {
        done.abort();
        then?.();
      },
      { signal: done.signal, passive: true },
    );
  on('scrollend', () => target.scrollIntoView({ block: 'start' }));
  ['wheel', 'pointerdown', 'keydown'].forEach((input) => on(input));
}

/** The sections the hero links to (#tools, #reviews): rendered only once the page is hydrated. */
export const heroSections = ['tools', 'reviews'];

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        <div>
          <p className={styles.eyebrow}>Power tools · Direct from the factory</p>
          <h1 id="hero-title" className={styles.title}>
            Tools that work as hard as <span className={styles.accent}>you do</span>
          </h1>
          <p className={styles.lead}>
            Drills, drivers, saws and grinders engineered for daily use on site, sold by the box at
            factory prices.
          </p>
          <div className={styles.actions}>
            <a
              className={styles.primary}
              href="#tools"
              onClick={(e) => scrollToSection(e, 'tools')}
            >
              Shop the range
            </a>
            <a
              className={styles.secondary}
              href="#reviews"
              onClick={(e) => scrollToSection(e, 'reviews')}
            >
              Read customer reviews
            </a>
          </div>
          <ul className={styles.badges}>
            <li>3-year warranty</li>
            <li>Bulk pricing</li>
            <li>Ships in 48 h</li>
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
