// `npm run dev`: the shop in watch mode. The same boot as `npm start` (startStack) with `dev: true`:
// the identity provider restarts and the API is rebuilt on change, and the shell and the remotes run
// on Rspack dev servers with hot reload. TOOLSHOP_PORT_OFFSET=N moves every port by N.
import { stopAllOnExit } from './processes.mjs';
import { run } from './run.mjs';
import { demoAccounts, launchOffset, repoRoot, startStack } from './stack.mjs';

const offset = launchOffset();
let stack;
const shutdown = stopAllOnExit(async () => stack?.stop());

// Every project imports the contracts from their dist (the package's exports): build it first.
if ((await run('npx', ['nx', 'run', '@toolshop/contracts:build'], { cwd: repoRoot })) !== 0)
  process.exit(1);

try {
  stack = await startStack({ offset, dev: true });
} catch (error) {
  console.error(`\nThe shop could not start: ${error.message}`);
  await shutdown(1);
}

console.log(`
Toolshop (watch mode): ${stack.shell}
  demo admin:    ${demoAccounts.admin.email} / ${demoAccounts.admin.password}
  demo customer: ${demoAccounts.customer.email} / ${demoAccounts.customer.password}
  mail inbox:    ${stack.mail} (every email the shop sends, e.g. sign-up verification links)
  remote registry: ${stack.registry} (releases, npm run remotes, the admins' Remote Releases page;
    the dev servers keep serving your local builds: activations show under npm start)
  each remote alone (harness): ${Object.values(stack.remotes).join(', ')}
Press Ctrl-C to stop.`);
