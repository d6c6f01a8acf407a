// GET /audit?limit&page: one page of the admin actions, newest first.
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { AuditEntry } from '@toolshop/contracts';

export const AUDIT_PAGE_SIZE = 25;

export const auditKeys = {
  all: queryRoots.audit,
  page: (page: number) => [...queryRoots.audit, 'list', page] as const,
};

export function useAuditPage(page: number) {
  return useDeferredQuery({
    queryKey: auditKeys.page(page),
    queryFn: ({ signal }) =>
      api.getPage<AuditEntry>(`/audit?limit=${AUDIT_PAGE_SIZE}&page=${page}`, {
        signal,
        signOutOnAuthError: true,
      }),
    placeholderData: keepPreviousData,
    // Other admins act too: a visit shows what happened since the last one.
    refetchOnMount: 'always',
  });
}
