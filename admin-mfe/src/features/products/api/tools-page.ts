// GET /tools?sort=lowStock&limit&page: one page of every tool, low stock first, for the products table.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { Tool } from '@toolshop/contracts';

export const PRODUCTS_PAGE_SIZE = 20;

export const toolsKeys = {
  /** Every view of the tools (admin table, storefront lists and details): what a tool change invalidates. */
  all: queryRoots.tools,
  adminPage: (page: number) => [...queryRoots.tools, 'admin', page] as const,
};

export function useToolsPage(page: number) {
  return useQuery({
    queryKey: toolsKeys.adminPage(page),
    queryFn: ({ signal }) =>
      api.getPage<Tool>(`/tools?sort=lowStock&limit=${PRODUCTS_PAGE_SIZE}&page=${page}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
