import { startHarness } from '@toolshop/auth/harness';
import AddProductPage from '../pages/add-product-page';
import MakeAdminPage from '../pages/make-admin-page';
import ManageOrdersPage from '../pages/manage-orders-page';
import ManageProductsPage from '../pages/manage-products-page';

// The admin area alone, on the shell's paths (QA; `npm run dev -w @toolshop/admin-mfe`). The dev
// sign-in takes any account: the demo admin to use the pages, a customer to see the API refuse.
void startHarness({
  title: 'admin',
  routes: [
    { path: 'dashboard/users', element: <MakeAdminPage /> },
    { path: 'dashboard/addProduct', element: <AddProductPage /> },
    { path: 'dashboard/manageProducts', element: <ManageProductsPage /> },
    { path: 'dashboard/manageOrders', element: <ManageOrdersPage /> },
  ],
  signInRequired: true,
  links: {
    'Make Admin': '/dashboard/users',
    'Add A Product': '/dashboard/addProduct',
    'Manage Products': '/dashboard/manageProducts',
    'Manage All Orders': '/dashboard/manageOrders',
  },
});
