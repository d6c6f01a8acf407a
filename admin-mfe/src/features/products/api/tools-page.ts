// GET /tools?sort=lowStock&limit&page[&q]: one page of every tool (or those a search finds), low
// stock first, for the products table.
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Tool } from '@toolshop/contracts';

export const PRODUCTS_PAGE_SIZE = 20;

export const toolsKeys = {
  /** Every view of the tools (admin table, storefront lists and details): what a tool change invalidates. */
  all: queryRoots.tools,
  adminPage: (page: number, search = '') => [...queryRoots.tools, 'admin', page, search] as const,
};

/**
 * One page of the table (the page prefetches the first on a link's intent); `search`: words of a
 * name or description, or a part of a SKU.
 */
export const toolsPageQuery = (page: number, search = '') => ({
  queryKey: toolsKeys.adminPage(page, search),
  queryFn: ({ signal }: { signal?: AbortSignal }) => {
    const query = new URLSearchParams({
      sort: 'lowStock',
      limit: String(PRODUCTS_PAGE_SIZE),
      page: String(page),
    });
    if (search) query.set('q', search);
    return api.getPage<Tool>(`/tools?${query}`, { signal });
  },
});

export function useToolsPage(page: number, search: string) {
  return useDeferredQuery({ ...toolsPageQuery(page, search), placeholderData: keepPreviousData });
}
