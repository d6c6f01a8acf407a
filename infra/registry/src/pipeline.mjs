// The release pipeline of one remote, the same in CI (.github/workflows/<remote>.yml) and locally
// (the browser test storefront-mfe/e2e/release.spec.ts runs it against the test stack):
//   1. the remote's own lint, type check and unit tests (Nx);
//   2. release: build with its version, publish to the object store, record in the registry;
//   3. activate through the registry's gates (a canary when --percent is under 100).
// A failing step ends the pipeline with its message; a refused candidate changes nothing for visitors.
//
//   node infra/registry/src/pipeline.mjs <remote> [--percent N] [--skip-tests] [--dist folder --version v]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { repoRoot } from '@toolshop/settings/repo-root';
import { runCommand } from './cli.mjs';
import { remoteNames } from './config.mjs';
import { appFolders, releaseRemote } from './release.mjs';

/** @param {string[]} argv @param {NodeJS.ProcessEnv} [env] */
export async function pipeline(argv, env = process.env) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      percent: { type: 'string', default: '100' },
      'skip-tests': { type: 'boolean' },
      dist: { type: 'string' },
      version: { type: 'string' },
    },
  });
  const [remote] = positionals;
  if (!remoteNames.includes(remote)) throw new Error(`usage: pipeline.mjs <${remoteNames.join('|')}> [--percent N] [--skip-tests]`);
  const project = `@toolshop/${appFolders[remote]}`;
  if (!values['skip-tests']) {
    console.log(`[pipeline] 1/3 lint, type check and unit tests of ${project}`);
    const tested = spawnSync('npx', ['nx', 'run-many', '-t', 'lint', 'typecheck', 'test', '-p', project, '--outputStyle=stream'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    });
    if (tested.status !== 0) throw new Error(`the tests of ${project} failed: nothing released`);
  }
  console.log(`[pipeline] 2/3 release ${remote}`);
  const version = await releaseRemote({ remote, version: values.version, dist: values.dist, env });
  console.log(`[pipeline] 3/3 activate ${remote} ${version} for ${values.percent} % through the gates`);
  const reason = env.GITHUB_RUN_ID ? `CI run ${env.GITHUB_RUN_ID} of ${env.GITHUB_SHA ?? 'unknown commit'}` : 'release pipeline';
  for (const line of await runCommand(['activate', remote, version, '--percent', values.percent, '--reason', reason], env)) console.log(line);
  return version;
}

if (import.meta.main) {
  try {
    await pipeline(process.argv.slice(2));
  } catch (error) {
    console.error(`[pipeline] ${error.message}`);
    for (const problem of error.problems ?? []) console.error(`  - ${problem}`);
    process.exit(1);
  }
}
