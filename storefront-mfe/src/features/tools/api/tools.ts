// GET /tools: every tool on sale, for the home page's grid.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { Tool } from '@toolshop/contracts';
import { queryRoots } from '../../../lib/query-keys';

export function useTools() {
  return useQuery({
    queryKey: [...queryRoots.tools, 'all'],
    queryFn: ({ signal }) => api.get<Tool[]>('/tools', { signal }),
  });
}
