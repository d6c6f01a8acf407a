// `npm start`: builds what is needed, then runs the whole shop on embedded defaults and prints
// where to open it. TOOLSHOP_PORT_OFFSET=N moves every port by N. `npm start -- --api-instances 3`:
// three API and two identity-provider processes behind HAProxy at the same URLs (proxy.mjs).
// `npm start -- --demo-data large`: a manufacturer's volume of products, orders and reviews to try.
import { stopAllOnExit } from './processes.mjs';
import { parseApiInstances } from './proxy.mjs';
import { buildStack, demoAccounts, launchOffset, parseDemoData, startStack } from './stack.mjs';

const offset = launchOffset();
let apiInstances;
let demoData;
try {
  apiInstances = parseApiInstances(process.argv.slice(2));
  demoData = parseDemoData(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

if (process.env.TOOLSHOP_SKIP_BUILD !== 'true') await buildStack();
let stack;
const shutdown = stopAllOnExit(async () => stack?.stop());
try {
  stack = await startStack({ offset, apiInstances, demoData });
} catch (error) {
  console.error(`\nThe shop could not start: ${error.message}`);
  await shutdown(1);
}

console.log(`
Toolshop is running: ${stack.shell}

  demo admin:    ${demoAccounts.admin.email} / ${demoAccounts.admin.password}
  demo customer: ${demoAccounts.customer.email} / ${demoAccounts.customer.password}
  mail inbox:    ${stack.mail} (every email the shop sends, e.g. sign-up verification links)

  API ${stack.api} · identity provider ${stack.identity} · database ${stack.databaseKind}
  remote registry ${stack.registry} · releases in ${stack.store} (npm run release -w @toolshop/<remote>-mfe, npm run remotes -- status)
  team tokens:   ${Object.entries(stack.teamTokens)
    .map(([team, token]) => `${team} ${token}`)
    .join(', ')}
  remotes: ${Object.entries(stack.remotes)
    .map(([name, url]) => `${name} ${url}`)
    .join(', ')}${
    stack.instances.length
      ? `
  behind HAProxy (API ${stack.api}, identity provider ${stack.identity}; health checks at ${stack.proxyStats}):
    ${stack.instances.map(({ name, url }) => `${name} ${url}`).join(', ')}`
      : ''
  }

Press Ctrl-C to stop.`);
