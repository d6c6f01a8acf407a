// GET /accounts/me of the identity provider: whether the user's email is verified.
import { useQuery } from '@tanstack/react-query';
import { queryRoots } from '@toolshop/auth/query-roots';
import { fetchAccount } from './account-requests';

export const accountKey = [...queryRoots.profile, 'account'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: fetchAccount });
}
