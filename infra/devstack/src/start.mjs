// `npm start`: builds what is needed, then runs the whole shop on embedded defaults and prints
// where to open it. TOOLSHOP_PORT_OFFSET=N moves every port by N.
import { stopAllOnExit } from './processes.mjs';
import { buildStack, demoAccounts, launchOffset, startStack } from './stack.mjs';

const offset = launchOffset();

if (process.env.TOOLSHOP_SKIP_BUILD !== 'true') await buildStack();
let stack;
const shutdown = stopAllOnExit(async () => stack?.stop());
try {
  stack = await startStack({ offset });
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
  remotes: ${Object.entries(stack.remotes).map(([name, url]) => `${name} ${url}`).join(', ')}

Press Ctrl-C to stop.`);
