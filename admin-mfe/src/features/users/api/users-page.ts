// GET /user?limit&page: one page of all users with their role.
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { useDeferredQuery } from '@toolshop/auth/deferred-query';
import { queryRoots } from '@toolshop/auth/query-roots';

export const USERS_PAGE_SIZE = 20;

export interface UserRow {
  email: string;
  role?: string;
}

export const usersKeys = {
  all: queryRoots.users,
  page: (page: number) => [...queryRoots.users, 'list', page] as const,
};

export function useUsersPage(page: number) {
  return useDeferredQuery({
    queryKey: usersKeys.page(page),
    queryFn: ({ signal }) =>
      api.getPage<UserRow>(`/user?limit=${USERS_PAGE_SIZE}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
