import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, Skeleton } from '@toolshop/ui';
import { Pager, useStepBackFromEmptyPage } from './pager';

interface PagedListProps<Item> {
  /** One page of a list with the total of all pages (`api.getPage`). */
  query: UseQueryResult<{ items: Item[]; total: number }>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  errorTitle: string;
  emptyTitle: string;
  /** The pager's name for screen readers ("Review pages"). */
  pagerLabel: string;
  /** The page's items (the table). */
  children: (items: Item[]) => ReactNode;
}

/** A paged admin list: its error (with Retry), loading and empty states, then the items and the pager. */
export function PagedList<Item>({
  query,
  page,
  pageSize,
  onPage,
  errorTitle,
  emptyTitle,
  pagerLabel,
  children,
}: PagedListProps<Item>) {
  const steppingBack = useStepBackFromEmptyPage(page, query.data?.items, onPage);
  const items = steppingBack ? undefined : query.data?.items;

  if (query.error) {
    return (
      <ErrorState title={errorTitle} onRetry={() => void query.refetch()}>
        {query.error.message}
      </ErrorState>
    );
  }
  if (!items) return <Skeleton height="12rem" />;
  if (items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <>
      {children(items)}
      <Pager
        page={page}
        pageSize={pageSize}
        total={query.data?.total ?? 0}
        shown={items.length}
        label={pagerLabel}
        onPage={onPage}
      />
    </>
  );
}
