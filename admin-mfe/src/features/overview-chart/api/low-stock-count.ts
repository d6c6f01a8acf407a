// GET /tools?lowStock=true&limit=1: how many products are below their low-stock threshold.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Tool } from '@toolshop/contracts';

export function useLowStockCount() {
  return useQuery({
    // Under the tools root: a restock, an added or deleted product refreshes it.
    queryKey: [...queryRoots.tools, 'lowStockCount'],
    queryFn: async ({ signal }) =>
      (await api.getPage<Tool>('/tools?lowStock=true&limit=1', { signal })).total,
  });
}
