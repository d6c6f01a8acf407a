import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIST_MAX_LIMIT, type ToolQuery } from '@toolshop/contracts';
import { Button, EmptyState } from '@toolshop/ui';
import { layOutNearViewport } from '@toolshop/ui/scheduling';
import { AnchorSection } from '../../components/anchor-section';
import { QueryContent } from '../../components/query-content';
import { SectionHeading } from '../../components/section-heading';
import { CardGrid } from '../../components/card-grid';
import { useTools } from './api/tools';
import { catalogQueryOf, catalogSearch, isFiltered, resultCount } from './catalog-params';
import { ToolCard } from './tool-card';
import { ToolCardSkeleton } from './tool-card-skeleton';
import { ToolFilters } from './tool-filters';
import styles from './tool-filters.module.css';

const SKELETON_CARDS = 6;

/**
 * Cards shown at first, and added by each "Show more tools": a manufacturer's catalogue (the API's
 * 200 newest) rendered whole was one task of about 250 ms at a 4x slowed CPU; 24 cards still took
 * about 50 ms, 12 about 40.
 */
export const TOOL_CARDS_STEP = 12;

interface CardsShown {
  /** The view (catalogSearch) they are of. */
  search: string;
  cards: number;
}

/**
 * The cards a history entry showed (its state, `toolCards`): Back from a tool's page shows as many
 * again, so the place the visitor left is there to return to.
 */
export function cardsShownOf(state: unknown): CardsShown | undefined {
  const shown = (state as { toolCards?: Partial<CardsShown> } | null)?.toolCards;
  if (typeof shown?.search !== 'string' || !Number.isSafeInteger(shown.cards)) return undefined;
  const cards = Math.min(Math.max(shown.cards!, TOOL_CARDS_STEP), LIST_MAX_LIMIT);
  return { search: shown.search, cards };
}

/** The product grid of the home page, with its search, filters and sort kept in the URL. */
export function ToolGrid() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const address = params.toString();
  // The view is state, written to the address: quick changes in a row each build on the last one
  // (the router applies navigations in a transition, so the address can lag a click behind).
  const [view, setView] = useState(() => catalogQueryOf(params));
  const written = useRef(catalogSearch(view));
  /** The last change was typing in the search box: the next pause of the same typing replaces it. */
  const typing = useRef(false);
  useEffect(() => {
    // The address changed from outside (back, forward, a link): follow it.
    const fromAddress = catalogQueryOf(new URLSearchParams(address));
    if (catalogSearch(fromAddress) === written.current) return;
    written.current = catalogSearch(fromAddress);
    typing.current = false;
    setView(fromAddress);
  }, [address]);
  const query = useTools(view);
  // How many cards of this view are shown: a new view starts again from the first step.
  const viewSearch = catalogSearch(view);
  const [more, setMore] = useState(
    () => cardsShownOf(location.state) ?? { search: viewSearch, cards: TOOL_CARDS_STEP },
  );
  const cardsWanted = more.search === viewSearch ? more.cards : TOOL_CARDS_STEP;
  const showMore = () => {
    const next = { search: viewSearch, cards: cardsWanted + TOOL_CARDS_STEP };
    setMore(next);
    // (the view, not the router's location: that can lag a filter's click behind)
    const { pathname, hash, state } = location;
    const kept = typeof state === 'object' && state !== null ? state : {};
    void navigate(
      { pathname, search: viewSearch && `?${viewSearch}`, hash },
      { replace: true, state: { ...kept, toolCards: next } },
    );
  };
  const show = useCallback(
    (next: ToolQuery, how?: { typing: boolean }) => {
      const search = catalogSearch(next);
      setView(next);
      if (search === written.current) return;
      // Each filter change is a history entry, so Back returns to the previous filter;
      // the pauses of one typing replace each other.
      const replace = how?.typing === true && typing.current;
      typing.current = how?.typing === true;
      written.current = search;
      setParams(new URLSearchParams(search), { replace, preventScrollReset: true });
    },
    [setParams],
  );
  const filtered = isFiltered(view);
  // The cards (or their placeholders) near the screen, laid out before the frame that shows them.
  const cards = useRef<HTMLUListElement>(null);
  useLayoutEffect(
    () => layOutNearViewport(() => cards.current?.querySelectorAll(':scope > li > *') ?? []),
    [query.data, cardsWanted],
  );

  return (
    <AnchorSection id="tools" labelledBy="tools-title">
      <SectionHeading
        id="tools-title"
        eyebrow="The range"
        title="Tools built for the job site"
        lead="Sold by the box to workshops and contractors. Every tool ships with a three-year warranty."
      />
      <ToolFilters query={view} onChange={show} />
      <p className={styles.count} role="status">
        {query.data ? resultCount(query.data.length, cardsWanted) : ''}
      </p>
      {filtered && query.data?.length === 0 ? (
        <EmptyState
          title="No tools match these filters"
          action={
            <Button variant="secondary" onClick={() => show({ sort: view.sort })}>
              Clear filters
            </Button>
          }
        >
          Try other words, another category, or include tools that are out of stock.
        </EmptyState>
      ) : (
        <QueryContent
          query={query}
          errorTitle="The tools could not be loaded"
          empty={{
            title: 'No tools on sale right now',
            text: 'New stock arrives every week. Please check back soon.',
          }}
          skeleton={
            <CardGrid ref={cards} aria-busy="true" aria-label="Loading tools">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <li key={i}>
                  <ToolCardSkeleton />
                </li>
              ))}
            </CardGrid>
          }
        >
          {(tools) => (
            <>
              <CardGrid ref={cards}>
                {tools.slice(0, cardsWanted).map((tool) => (
                  <li key={tool._id}>
                    <ToolCard tool={tool} />
                  </li>
                ))}
              </CardGrid>
              {tools.length > cardsWanted ? (
                <Button variant="secondary" className={styles.more} onClick={showMore}>
                  Show more tools ({tools.length - cardsWanted} more)
                </Button>
              ) : tools.length >= LIST_MAX_LIMIT ? (
                <p className={styles.more}>
                  {filtered
                    ? `Only the first ${LIST_MAX_LIMIT} matching tools are listed: narrow your search to see the others.`
                    : `Only the first ${LIST_MAX_LIMIT} tools are listed: search or choose a category to see the others.`}
                </p>
              ) : null}
            </>
          )}
        </QueryContent>
      )}
    </AnchorSection>
  );
}
