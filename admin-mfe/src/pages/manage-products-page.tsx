import { queryClient } from '@toolshop/auth';
import { PageTitle } from '@toolshop/ui';
import { toolsPageQuery } from '../features/products/api/tools-page';
import { ProductsTable } from '../features/products/products-table';

export default function ManageProductsPage() {
  return (
    <>
      <PageTitle documentTitle="Manage Products">Manage Products</PageTitle>
      <ProductsTable />
    </>
  );
}

/** The shell calls it when a link here is about to be followed: the first page is on its way before the click. */
export function prefetch(): void {
  void queryClient.prefetchQuery(toolsPageQuery(1));
}
