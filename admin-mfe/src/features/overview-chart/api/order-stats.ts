// GET /adminOrders/stats?days=n: orders and paid revenue per day.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { DailyStat } from '../daily-stats';

export const orderStatsKey = (days: number) => [...queryRoots.orders, 'stats', days] as const;

/** Orders per day: what the overview reads, and what a prefetch puts in the cache before it. */
export const orderStatsQuery = (days: number) => ({
  queryKey: orderStatsKey(days),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<DailyStat[]>(`/adminOrders/stats?days=${days}`, { signal }),
});

export function useOrderStats(days: number) {
  return useQuery(orderStatsQuery(days));
}
