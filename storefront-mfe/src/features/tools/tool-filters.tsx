import { useEffect, useId, useState } from 'react';
import {
  CATEGORY_FILTERS,
  TOOL_SEARCH_MAX_LENGTH,
  TOOL_SORTS,
  TOOL_SORT_LABELS,
  type CategoryFilter,
  type ToolQuery,
  type ToolSort,
} from '@toolshop/contracts';
import styles from './tool-filters.module.css';

/** How long typing pauses before the search runs (and the URL changes). */
const SEARCH_DELAY_MS = 300;

interface ToolFiltersProps {
  query: ToolQuery;
  /** `typing`: the search text settled while typing (one history entry per typing, not per pause). */
  onChange: (query: ToolQuery, how?: { typing: boolean }) => void;
}

/** Search, category, stock and sort of the home grid; every control has a visible label. */
export function ToolFilters({ query, onChange }: ToolFiltersProps) {
  const id = useId();
  const [text, setText] = useState(query.q ?? '');
  /** Another control changed: the text typed so far goes with it (no pending search is lost). */
  const change = (next: Partial<ToolQuery>) =>
    onChange({ ...query, q: text.trim() || undefined, ...next });
  // The URL changed elsewhere (back button, "Clear filters"): show its text.
  useEffect(() => setText(query.q ?? ''), [query.q]);
  useEffect(() => {
    if (text.trim() === (query.q ?? '')) return;
    const timer = setTimeout(
      () => onChange({ ...query, q: text.trim() || undefined }, { typing: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, query, onChange]);

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label="Find a tool"
      onSubmit={(event) => {
        event.preventDefault();
        change({});
      }}
    >
      <div className={`${styles.control} ${styles.search}`}>
        <label htmlFor={`${id}-q`}>Search tools</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={TOOL_SEARCH_MAX_LENGTH}
          placeholder="Name or description"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className={styles.control}>
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          value={query.category ?? ''}
          onChange={(event) =>
            change({ category: (event.target.value || undefined) as CategoryFilter })
          }
        >
          <option value="">All categories</option>
          {CATEGORY_FILTERS.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.control}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          value={query.sort ?? '-createdAt'}
          onChange={(event) => change({ sort: event.target.value as ToolSort })}
        >
          {TOOL_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {TOOL_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={query.inStock === true}
          onChange={(event) => change({ inStock: event.target.checked || undefined })}
        />
        In stock only
      </label>
    </form>
  );
}
