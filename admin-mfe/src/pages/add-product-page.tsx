import { PageTitle } from '@toolshop/ui';
import { AddProductForm } from '../features/products/add-product-form';

export default function AddProductPage() {
  return (
    <>
      <PageTitle documentTitle="Add A Product">Add A Product</PageTitle>
      <AddProductForm />
    </>
  );
}
