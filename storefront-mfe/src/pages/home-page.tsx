import { startTransition, useEffect, useState } from 'react';
import { useDocumentTitle, useHydrated } from '@toolshop/ui';
import { Hero, heroSections, revealSection } from '../features/hero/hero';
import { ToolGrid } from '../features/tools/tool-grid';
import { Highlights } from '../features/highlights/highlights';
import { ReviewList } from '../features/reviews/review-list';
import { SaleCountdown } from '../features/countdown/sale-countdown';
import { SuggestionForm } from '../features/suggestions/suggestion-form';
import { SiteFooter } from '../features/footer/site-footer';
import styles from './page.module.css';

/**
 * Whether the sections below the first screen render: at once in a page rendered in the browser;
 * after the hydration of the prerendered page, in a transition, which React renders in slices
 * with the main thread free for input between them (rendered in the task that follows
 * the hydration, they held the main thread for about 200 ms on a 4x slowed CPU).
 */
function useSectionsBelowTheFold(): boolean {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    if (hydrated && !shown) startTransition(() => setShown(true));
  }, [hydrated, shown]);
  return shown;
}

/**
 * The home page. Its first screen, the hero, is also prerendered at build time
 * (src/prerender/fragments.tsx) and hydrated in the shell; the rest (data, a live countdown,
 * forms with generated ids...) renders right after the hydration, below the fold. The hero uses no
 * @toolshop/ui component: the shared library's class names are those of the shell's build, not ours.
 */
export default function HomePage() {
  useDocumentTitle('Power tools direct from the factory');
  const sections = useSectionsBelowTheFold();
  // A hero link followed before the hydration (#tools, #reviews: a plain link then, its section not
  // rendered yet) or a deep link to a section: taken to it once the sections are there.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (sections && heroSections.includes(id)) revealSection(id, { instant: true });
  }, [sections]);
  return (
    <>
      <Hero />
      {sections && (
        <>
          <div className={styles.content}>
            <ToolGrid />
            <Highlights />
            <ReviewList />
            <SaleCountdown />
            <SuggestionForm />
          </div>
          <SiteFooter />
        </>
      )}
    </>
  );
}
