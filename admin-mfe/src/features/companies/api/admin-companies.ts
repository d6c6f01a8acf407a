// GET /admin/companies?q&limit&page: companies by name, a page at a time.
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import type { CompanySummary } from '@toolshop/contracts';

export const COMPANIES_PAGE_SIZE = 20;

export const adminCompaniesKeys = {
  all: ['adminCompanies'] as const,
  page: (page: number, search: string) => ['adminCompanies', 'list', page, search] as const,
  company: (id: string) => ['adminCompanies', 'company', id] as const,
  prices: (id: string) => ['adminCompanies', 'prices', id] as const,
};

export function useAdminCompanies(page: number, search: string) {
  return useDeferredQuery({
    queryKey: adminCompaniesKeys.page(page, search),
    queryFn: ({ signal }) =>
      api.getPage<CompanySummary>(
        `/admin/companies?limit=${COMPANIES_PAGE_SIZE}&page=${page}${
          search ? `&q=${encodeURIComponent(search)}` : ''
        }`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
