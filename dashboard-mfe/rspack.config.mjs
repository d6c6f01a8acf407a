import { createFederatedAppConfig } from '@toolshop/devstack/rspack-app.mjs';

// Remote `dashboard`: exposes route elements only; the shell (or the harness) owns the router.
export default createFederatedAppConfig({
  name: 'dashboard',
  appRoot: import.meta.dirname,
  port: 3002,
  title: 'Toolshop dashboard',
  exposes: {
    './DashboardLayout': './src/pages/dashboard-layout.tsx',
    './ProfilePage': './src/pages/profile-page.tsx',
    './AddReviewPage': './src/pages/add-review-page.tsx',
    './MyOrdersPage': './src/pages/my-orders-page.tsx',
    './PaymentPage': './src/pages/payment-page.tsx',
  },
});
