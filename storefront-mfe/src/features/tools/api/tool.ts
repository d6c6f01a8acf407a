// GET /tools/{id}: one tool with its stock, for its detail page.
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Tool } from '@toolshop/contracts';

export const toolQuery = (toolId: string) => ({
  queryKey: [...queryRoots.tools, 'one', toolId],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<Tool>(`/tools/${encodeURIComponent(toolId)}`, { signal }),
  enabled: toolId !== '',
});

export function useTool(toolId: string) {
  return useDeferredQuery(toolQuery(toolId));
}
