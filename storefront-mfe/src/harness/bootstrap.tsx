import { startHarness } from '@toolshop/auth/harness';
import { harnessOf } from '@toolshop/routes';
import BlogsPage from '../pages/blogs-page';
import HomePage from '../pages/home-page';
import PortfolioPage from '../pages/portfolio-page';
import ToolDetailPage from '../pages/tool-detail-page';

// The storefront alone, on the same paths as in the shell (QA; `npm run dev -w @toolshop/storefront-mfe`).
// Paths and links come from the storefront route table (libs/routes); a page missing here fails the typecheck.
void startHarness({
  title: 'storefront',
  ...harnessOf('storefront', {
    HomePage: <HomePage />,
    BlogsPage: <BlogsPage />,
    PortfolioPage: <PortfolioPage />,
    ToolDetailPage: <ToolDetailPage />,
  }),
});
