import { createFederatedAppConfig } from '@toolshop/rspack-app';
import { exposesOf } from '@toolshop/routes';

// Remote `storefront`: exposes route elements only; the shell (or the harness) owns the router.
export default createFederatedAppConfig({
  name: 'storefront',
  appRoot: import.meta.dirname,
  title: 'Toolshop storefront',
  // Its pages, from its route table (libs/routes): the shell asks for them by the same names.
  exposes: exposesOf('storefront'),
  // Its public pages' first screens, prerendered: published as fragments/<name>.json with the
  // stylesheets of the exposed page (see CONTRIBUTING.md).
  prerender: {
    entry: './src/prerender/fragments.tsx',
    fragments: { home: './HomePage', blogs: './BlogsPage', portfolio: './PortfolioPage' },
  },
});
