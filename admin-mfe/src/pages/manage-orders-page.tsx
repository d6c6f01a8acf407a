import { queryClient } from '@toolshop/auth';
import { PageTitle } from '@toolshop/ui';
import { adminOrdersQuery } from '../features/orders/api/admin-orders';
import { OrdersTable } from '../features/orders/orders-table';
import { LowStockNote } from '../features/overview-chart/low-stock-note';
import { OVERVIEW_DAYS, OverviewChart } from '../features/overview-chart/overview-chart';
import { orderStatsQuery } from '../features/overview-chart/api/order-stats';
import { lowStockCountQuery } from '../features/overview-chart/api/low-stock-count';

export default function ManageOrdersPage() {
  return (
    <>
      <PageTitle documentTitle="Manage All Orders">Manage All Orders</PageTitle>
      <OverviewChart />
      <LowStockNote />
      <OrdersTable />
    </>
  );
}

/**
 * The shell calls it when a link here is about to be followed: the first page, the overview and the
 * low-stock note are on their way before the click.
 */
export function prefetch(): void {
  void queryClient.prefetchQuery(adminOrdersQuery('all', 1));
  void queryClient.prefetchQuery(orderStatsQuery(OVERVIEW_DAYS));
  void queryClient.prefetchQuery(lowStockCountQuery);
}
