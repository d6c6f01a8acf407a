import { startHarness } from '@toolshop/auth/harness';
import { harnessOf } from '@toolshop/routes';
import AddReviewPage from '../pages/add-review-page';
import CompanyPage from '../pages/company-page';
import DashboardLayout from '../pages/dashboard-layout';
import JoinCompanyPage from '../pages/join-company-page';
import MyOrdersPage from '../pages/my-orders-page';
import PaymentPage from '../pages/payment-page';
import ProfilePage from '../pages/profile-page';
import QuickOrderPage from '../pages/quick-order-page';
import QuotePage from '../pages/quote-page';
import QuotesPage from '../pages/quotes-page';
import SavedListsPage from '../pages/saved-lists-page';

// The customer dashboard alone, on the same paths as in the shell (QA; `npm run dev -w @toolshop/dashboard-mfe`).
// Paths and links come from the dashboard route table (libs/routes); a page missing here fails the typecheck.
void startHarness({
  title: 'dashboard',
  ...harnessOf('dashboard', {
    DashboardLayout: <DashboardLayout />,
    ProfilePage: <ProfilePage />,
    CompanyPage: <CompanyPage />,
    JoinCompanyPage: <JoinCompanyPage />,
    AddReviewPage: <AddReviewPage />,
    MyOrdersPage: <MyOrdersPage />,
    QuickOrderPage: <QuickOrderPage />,
    SavedListsPage: <SavedListsPage />,
    QuotesPage: <QuotesPage />,
    QuotePage: <QuotePage />,
    PaymentPage: <PaymentPage />,
  }),
  signInRequired: true,
});
