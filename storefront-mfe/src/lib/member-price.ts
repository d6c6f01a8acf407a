// GET /tools/{id}/price: what the signed-in shopper pays for a tool (their company's price list).
// Asked apart from GET /tools/{id}, which is the same for everyone and cached as such.
import { useQuery } from '@tanstack/react-query';
import { api, useAuth } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { MemberPrice } from '@toolshop/contracts';

export const memberPriceKey = (toolId: string) => [...queryRoots.tools, 'price', toolId] as const;

export function useMemberPrice(toolId: string) {
  const signedIn = useAuth((s) => s.status === 'signedIn');
  return useQuery({
    queryKey: memberPriceKey(toolId),
    queryFn: ({ signal }) =>
      api.get<MemberPrice>(`/tools/${encodeURIComponent(toolId)}/price`, { signal }),
    // Without an answer the list price stands.
    enabled: signedIn && toolId !== '',
  });
}
