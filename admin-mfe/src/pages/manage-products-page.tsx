import { PageTitle } from '@toolshop/ui';
import { ProductsTable } from '../features/products/products-table';

export default function ManageProductsPage() {
  return (
    <>
      <PageTitle documentTitle="Manage Products">Manage Products</PageTitle>
      <ProductsTable />
    </>
  );
}
