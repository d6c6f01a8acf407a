// GET /tools: every tool on sale, for the home page's grid.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Tool } from '@toolshop/contracts';
import { queryRoots } from '../../../lib/query-keys';

export function useTools() {
  return useQuery({
    queryKey: [...queryRoots.tools, 'all'],
    // Not kept once the home page is left: after a crash of the page (e.g. an answer that is no list),
    // its Retry asks the API again instead of rendering the same answer.
    gcTime: 0,
    queryFn: ({ signal }) => api.get<Tool[]>('/tools', { signal }),
  });
}
