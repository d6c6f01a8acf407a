import { startTransition, useEffect, useState } from 'react';
import { queryClient } from '@toolshop/auth';
import { useDocumentTitle, useHydrated } from '@toolshop/ui';
import { Hero, heroSections, revealSection } from '../features/hero/hero';
import { ToolGrid } from '../features/tools/tool-grid';
import { toolsQuery } from '../features/tools/api/tools';
import { reviewsQuery } from '../features/reviews/api/reviews';
import { Highlights } from '../features/highlights/highlights';
import { ReviewList } from '../features/reviews/review-list';
import { SaleCountdown } from '../features/countdown/sale-countdown';
import { SuggestionForm } from '../features/suggestions/suggestion-form';
import { SiteFooter } from '../features/footer/site-footer';
import styles from './page.module.css';

/** The groups of sections the home page adds below its first screen: the tools, then the rest. */
const STAGES = 2;

/**
 * How many groups of the sections below the first screen render: none in the first render (the
 * hero, the whole first screen: prerendered, or after a click on a link here), then one group per
 * transition, which React renders in slices with the main thread free for input between them.
 * Rendered with the hero they held the main thread for about 200 ms at a 4x slowed CPU (after the
 * hydration, and again on every client-side navigation here), and added at once their style and
 * layout were one task of 13-17 ms of CPU (over 50 ms at 4x); a group at a time, the browser lays
 * out each in a task of its own. A prerendered page waits for its hydration.
 */
function useSectionsBelowTheFold(): number {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (hydrated && shown < STAGES) startTransition(() => setShown(shown + 1));
  }, [hydrated, shown]);
  return shown;
}

/**
 * The home page. Its first screen, the hero, is also prerendered at build time
 * (src/prerender/fragments.tsx) and hydrated in the shell; the rest (data, a live countdown,
 * forms with generated ids...) renders after the hero's first render (the hydration, on a
 * prerendered page), below the fold. The hero uses no @toolshop/ui component: the shared library's
 * class names are those of the shell's build, not ours.
 */
export default function HomePage() {
  useDocumentTitle('Power tools direct from the factory');
  const shown = useSectionsBelowTheFold();
  const allShown = shown === STAGES;
  // A hero link followed before the hydration (#tools, #reviews: a plain link then, its section not
  // rendered yet) or a deep link to a section: taken to it once the sections are there.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (allShown && heroSections.includes(id)) revealSection(id, { instant: true });
  }, [allShown]);
  return (
    <>
      <Hero />
      {shown > 0 && (
        <>
          <div className={styles.content}>
            <ToolGrid />
            <Highlights />
            {allShown && (
              <>
                <ReviewList />
                <SaleCountdown />
                <SuggestionForm />
              </>
            )}
          </div>
          {allShown && <SiteFooter />}
        </>
      )}
    </>
  );
}

/**
 * The shell calls it when a link here is about to be followed: the grid's tools (the view a plain
 * link to the home page shows) and the reviews are on their way before the click.
 */
export function prefetch(): void {
  void queryClient.prefetchQuery(toolsQuery());
  void queryClient.prefetchQuery(reviewsQuery());
}
