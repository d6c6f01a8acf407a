import { startHarness } from '@toolshop/auth/harness';
import AddReviewPage from '../pages/add-review-page';
import DashboardLayout from '../pages/dashboard-layout';
import MyOrdersPage from '../pages/my-orders-page';
import PaymentPage from '../pages/payment-page';
import ProfilePage from '../pages/profile-page';

// The customer dashboard alone, on the same paths as in the shell (QA; `npm run dev -w @toolshop/dashboard-mfe`).
void startHarness({
  title: 'dashboard',
  routes: [
    {
      path: 'dashboard',
      element: <DashboardLayout />,
      children: [
        { index: true, element: <ProfilePage /> },
        { path: 'review', element: <AddReviewPage /> },
        { path: 'myOrders', element: <MyOrdersPage /> },
        { path: 'payment/:id', element: <PaymentPage /> },
      ],
    },
  ],
  signInRequired: true,
  links: { 'My Profile': '/dashboard', 'Add A Review': '/dashboard/review', 'My Orders': '/dashboard/myOrders' },
});
