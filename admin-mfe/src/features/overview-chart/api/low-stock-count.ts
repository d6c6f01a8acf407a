// GET /tools?lowStock=true&limit=1: how many products are below their low-stock threshold.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Tool } from '@toolshop/contracts';

/** The count: what the note reads, and what a prefetch puts in the cache before it. */
export const lowStockCountQuery = {
  // Under the tools root: a restock, an added or deleted product refreshes it.
  queryKey: [...queryRoots.tools, 'lowStockCount'],
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await api.getPage<Tool>('/tools?lowStock=true&limit=1', { signal })).total,
};

export function useLowStockCount() {
  return useQuery(lowStockCountQuery);
}
