// GET /adminOrders/stats?days=n: orders and paid revenue per day.
import { useQuery } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import { queryRoots } from '@toolshop/auth/query-roots';
import type { DailyStat } from '../daily-stats';

export const orderStatsKey = (days: number) => [...queryRoots.orders, 'stats', days] as const;

export function useOrderStats(days: number) {
  return useQuery({
    queryKey: orderStatsKey(days),
    queryFn: ({ signal }) => api.get<DailyStat[]>(`/adminOrders/stats?days=${days}`, { signal }),
  });
}
