import { startHarness } from '@toolshop/auth/harness';
import BlogsPage from '../pages/blogs-page';
import HomePage from '../pages/home-page';
import PortfolioPage from '../pages/portfolio-page';
import ToolDetailPage from '../pages/tool-detail-page';

// The storefront alone, on the same paths as in the shell (QA; `npm run dev -w @toolshop/storefront-mfe`).
void startHarness({
  title: 'storefront',
  routes: [
    { index: true, element: <HomePage /> },
    { path: 'blogs', element: <BlogsPage /> },
    { path: 'portfolio', element: <PortfolioPage /> },
    { path: 'tools/:toolId', element: <ToolDetailPage /> },
  ],
  links: { Home: '/', Blogs: '/blogs', 'My Portfolio': '/portfolio' },
});
