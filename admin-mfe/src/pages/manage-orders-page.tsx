import { PageTitle } from '@toolshop/ui';
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
