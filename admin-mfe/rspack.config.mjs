import { createFederatedAppConfig } from '@toolshop/rspack-app';
import { exposesOf } from '@toolshop/routes';

// Remote `admin`: exposes route elements only; the shell (or the harness) owns the router.
export default createFederatedAppConfig({
  name: 'admin',
  appRoot: import.meta.dirname,
  title: 'Toolshop admin',
  // Its pages, from its route table (libs/routes): the shell asks for them by the same names.
  exposes: exposesOf('admin'),
});
