import { startHarness } from '@toolshop/auth/harness';
import { harnessOf } from '@toolshop/routes';
import AddProductPage from '../pages/add-product-page';
import AuditLogPage from '../pages/audit-log-page';
import CompaniesPage from '../pages/companies-page';
import CompanyAdminPage from '../pages/company-admin-page';
import MakeAdminPage from '../pages/make-admin-page';
import ManageOrdersPage from '../pages/manage-orders-page';
import ManageProductsPage from '../pages/manage-products-page';
import ManageQuotesPage from '../pages/manage-quotes-page';
import ManageReviewsPage from '../pages/manage-reviews-page';
import RemoteReleasesPage from '../pages/remote-releases-page';

// The admin area alone, on the shell's paths (QA; `npm run dev -w @toolshop/admin-mfe`). The dev
// sign-in takes any account: the demo admin to use the pages, a customer to see the API refuse.
// Paths and links come from the admin route table (libs/routes); a page missing here fails the typecheck.
void startHarness({
  title: 'admin',
  ...harnessOf('admin', {
    MakeAdminPage: <MakeAdminPage />,
    CompaniesPage: <CompaniesPage />,
    CompanyAdminPage: <CompanyAdminPage />,
    AddProductPage: <AddProductPage />,
    ManageProductsPage: <ManageProductsPage />,
    ManageOrdersPage: <ManageOrdersPage />,
    ManageReviewsPage: <ManageReviewsPage />,
    ManageQuotesPage: <ManageQuotesPage />,
    AuditLogPage: <AuditLogPage />,
    RemoteReleasesPage: <RemoteReleasesPage />,
  }),
  signInRequired: true,
});
