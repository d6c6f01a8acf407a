import { createFederatedAppConfig } from '@toolshop/devstack/rspack-app.mjs';

// Remote `admin`: exposes route elements only; the shell (or the harness) owns the router.
export default createFederatedAppConfig({
  name: 'admin',
  appRoot: import.meta.dirname,
  port: 3003,
  title: 'Toolshop admin',
  exposes: {
    './MakeAdminPage': './src/pages/make-admin-page.tsx',
    './AddProductPage': './src/pages/add-product-page.tsx',
    './ManageProductsPage': './src/pages/manage-products-page.tsx',
    './ManageOrdersPage': './src/pages/manage-orders-page.tsx',
  },
});
