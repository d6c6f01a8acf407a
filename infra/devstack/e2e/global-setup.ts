// Starts the whole shop once for the browser tests: the same code as `npm start`, at offset 300,
// on a fresh data folder, with the settings of stack.mjs's test mode. Returns the teardown.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildStack, repoRoot, startStack } from '../src/stack.mjs';
import { E2E_PORT_OFFSET, publishStackUrls } from './stack-env';

export default async function globalSetup() {
  if (process.env.E2E_SKIP_BUILD !== 'true') await buildStack();
  mkdirSync(join(repoRoot, 'data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, 'data', 'e2e-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  // startStack stops what it started when a step fails (and refuses ports a stale stack still holds).
  const stack = await startStack({
    offset: E2E_PORT_OFFSET,
    dataDir,
    test: true,
    quiet: process.env.E2E_STACK_LOGS !== 'true',
    // TOOLSHOP_E2E_API_INSTANCES=3: the same tests through HAProxy in front of 3 API and 2 provider processes.
    apiInstances: Number(process.env.TOOLSHOP_E2E_API_INSTANCES ?? 1),
  }).catch((error: unknown) => {
    removeData();
    throw error;
  });
  const teardown = async () => {
    await stack.stop();
    removeData();
  };
  try {
    publishStackUrls({
      ports: stack.ports,
      shell: stack.shell,
      api: stack.api,
      identity: stack.identity,
      mail: stack.mail,
      registry: stack.registry,
      store: stack.store,
      remotes: stack.remotes,
    });
    const behind = stack.instances.length
      ? `; behind HAProxy: ${stack.instances.map((instance) => instance.name).join(', ')}`
      : '';
    console.log(
      `[e2e] shop at ${stack.shell} (API ${stack.api}, identity ${stack.identity}, ${stack.databaseKind}${behind})`,
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
