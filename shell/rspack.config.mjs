import { createFederatedAppConfig } from '@toolshop/rspack-app';

// The host: no build-time remotes; /remotes.json tells it at run time where each remote lives.
export default createFederatedAppConfig({
  name: 'shell',
  appRoot: import.meta.dirname,
  title: 'Toolshop',
  isHost: true,
  // Its public pages with the navbar, prerendered (src/prerender/prerendered-pages.ts); the server
  // adds the remotes' fragments to them.
  prerender: { entry: './src/prerender/pages.tsx' },
});
