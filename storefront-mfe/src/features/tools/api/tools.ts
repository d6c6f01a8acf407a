// GET /tools: the tools on sale for the home page's grid, filtered and sorted as the URL says.
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Tool, ToolQuery } from '@toolshop/contracts';
import { catalogSearch } from '../catalog-params';

export const toolsQuery = (query: ToolQuery = {}) => {
  const search = catalogSearch(query);
  return {
    queryKey: [...queryRoots.tools, 'all', search],
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<Tool[]>(search ? `/tools?${search}` : '/tools', { signal }),
  };
};

export function useTools(query: ToolQuery = {}) {
  return useDeferredQuery({
    ...toolsQuery(query),
    // While another view loads, the last one stays on screen (no skeleton flash on every key).
    placeholderData: keepPreviousData,
  });
}
