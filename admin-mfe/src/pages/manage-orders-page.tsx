import { queryClient } from '@toolshop/auth';
import { PageTitle } from '@toolshop/ui';
import { adminOrdersQuery } from '../features/orders/api/admin-orders';
import { OrdersTable } from '../features/orders/orders-table';
import { LowStockNote } from '../features/overview-chart/low-stock-note';
import { OverviewChart } from '../features/overview-chart/overview-chart';

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

/** The shell calls it when a link here is about to be followed: the first page is on its way before the click. */
export function prefetch(): void {
  void queryClient.prefetchQuery(adminOrdersQuery('all', 1));
}
