import { createFederatedAppConfig } from '@toolshop/devstack/rspack-app.mjs';

// Remote `storefront`: exposes route elements only; the shell (or the harness) owns the router.
export default createFederatedAppConfig({
  name: 'storefront',
  appRoot: import.meta.dirname,
  port: 3001,
  title: 'Toolshop storefront',
  exposes: {
    './HomePage': './src/pages/home-page.tsx',
    './BlogsPage': './src/pages/blogs-page.tsx',
    './PortfolioPage': './src/pages/portfolio-page.tsx',
    './ToolDetailPage': './src/pages/tool-detail-page.tsx',
  },
});
