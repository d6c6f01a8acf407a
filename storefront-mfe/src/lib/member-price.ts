// GET /tools/{id}/price: what the signed-in shopper pays for a tool (their company's price list).
// Asked apart from GET /tools/{id}, which is the same for everyone and cached as such.
import { useQuery } from '@tanstack/react-query';
import { api, useAuth } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { MemberPrice } from '@toolshop/contracts';

export const memberPriceKey = (toolId: string) => [...queryRoots.tools, 'price', toolId] as const;

/** A signed-in shopper's price of a tool: what its page reads, and what a prefetch asks for first. */
export const memberPriceQuery = (toolId: string) => ({
  queryKey: memberPriceKey(toolId),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<MemberPrice>(`/tools/${encodeURIComponent(toolId)}/price`, { signal }),
});

export function useMemberPrice(toolId: string) {
  const signedIn = useAuth((s) => s.status === 'signedIn');
  // Without an answer the list price stands.
  return useQuery({ ...memberPriceQuery(toolId), enabled: signedIn && toolId !== '' });
}
