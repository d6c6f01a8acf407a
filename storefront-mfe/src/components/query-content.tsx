import type { ReactNode } from 'react';
import type { ApiQuery } from '@toolshop/auth';
import { EmptyState, ErrorState } from '@toolshop/ui';

interface QueryContentProps<T> {
  query: ApiQuery<T[]>;
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
  const { data, error, loading, reload } = query;
  if (error && !data) {
    return (
      <ErrorState title={errorTitle} onRetry={reload}>
        Please check your connection and try again.
      </ErrorState>
    );
  }
  if (loading && !data) return skeleton;
  if (!data || data.length === 0) return <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  return children(data);
}
