import { useEffect } from 'react';
import { formatCount } from '@toolshop/contracts';
import { Button } from '@toolshop/ui';
import styles from './pager.module.css';

interface PagerProps {
  /** From 1. */
  page: number;
  pageSize: number;
  total: number;
  /** Items on this page. */
  shown: number;
  label: string;
  onPage: (page: number) => void;
}

export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/** Previous / Next with where we are, for the paged admin tables. */
export function Pager({ page, pageSize, total, shown, label, onPage }: PagerProps) {
  const pages = pageCount(total, pageSize);
  const first = (page - 1) * pageSize + 1;
  return (
    <nav className={styles.pager} aria-label={label}>
      <span className={styles.range} aria-live="polite">
        {shown > 0
          ? `${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`
          : `0 of ${formatCount(total)}`}
      </span>
      {pages > 1 && (
        <span className={styles.buttons}>
          <Button
            size="small"
            variant="secondary"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          <Button
            size="small"
            variant="secondary"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </Button>
        </span>
      )}
    </nav>
  );
}

/**
 * A page that ran empty (its last item was deleted or cancelled) steps back to the one before;
 * true meanwhile, so the table shows it is loading rather than empty.
 */
export function useStepBackFromEmptyPage(
  page: number,
  items: readonly unknown[] | undefined,
  setPage: (page: number) => void,
): boolean {
  const ranEmpty = page > 1 && items?.length === 0;
  useEffect(() => {
    if (ranEmpty) setPage(page - 1);
  }, [ranEmpty, page, setPage]);
  return ranEmpty;
}
