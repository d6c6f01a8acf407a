import { createFederatedAppConfig } from '@toolshop/devstack/rspack-app.mjs';

// The host: no build-time remotes; /remotes.json tells it at run time where each remote lives.
export default createFederatedAppConfig({
  name: 'shell',
  appRoot: import.meta.dirname,
  title: 'Toolshop',
  isHost: true,
  // The page at '/' with its navbar, prerendered; the server adds the storefront's fragment to it.
  prerender: { entry: './src/prerender/home-shell.tsx' },
});
