import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '@toolshop/ui';

/** The part of a TanStack Query result the list states need. */
export interface ListQuery<T> {
  data: T[] | undefined;
  error: Error | null;
  isPending: boolean;
  refetch: () => unknown;
}

interface QueryContentProps<T> {
  query: ListQuery<T>;
  /** What failed to load, e.g. "The tools could not be loaded". */
  errorTitle: string;
  /** Placeholders of the same size as the content, so nothing shifts when it arrives. */
  skeleton: ReactNode;
  empty: { title: string; text: string };
  children: (items: T[]) => ReactNode;
}

/** The four states of a fetched list: error with retry, loading skeleton, empty, or the items. */
export function QueryContent<T>({
  query,
  errorTitle,
  skeleton,
  empty,
  children,
}: QueryContentProps<T>) {
  const { data, error, isPending, refetch } = query;
  if (error && !data) {
    return (
      <ErrorState title={errorTitle} onRetry={() => void refetch()}>
        Please check your connection and try again.
      </ErrorState>
    );
  }
  if (isPending && !data) return skeleton;
  if (!data || data.length === 0) return <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  return children(data);
}
