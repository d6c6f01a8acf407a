// The release pipeline of one remote, the same in CI (.github/workflows/<remote>.yml) and locally
// (the browser test storefront-mfe/e2e/release.spec.ts runs it against the test stack):
//   1. the remote's own lint, type check and unit tests (Nx);
//   2. release: build with its version, publish to the object store, record in the registry;
//   3. smoke check against a preview of the composed site (SHELL_URL, the shop as visitors get it,
//      with the candidate in a headless browser only; SMOKE_EMAIL/SMOKE_PASSWORD for signed-in
//      pages): in production the registry's own smoke gate is off (REGISTRY_SMOKE=off), so this is
//      where a page that throws, a fallback or an empty page stops a release (--skip-smoke: not);
//   4. activate through the registry's gates (a canary when --percent is under 100); with --preview
//      (a pull request) instead: print a preview link of the candidate for QA (nothing activated),
//      also written to the file PREVIEW_LINK_FILE names, which the workflow posts on the pull request.
// A failing step ends the pipeline with its message; a refused candidate changes nothing for visitors.
//
//   node infra/registry/src/pipeline.mjs <remote> [--percent N | --preview] [--skip-tests] [--dist folder --version v]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { repoRoot } from '@toolshop/settings/repo-root';
import { registryClient } from './client.mjs';
import { runCommand } from './cli.mjs';
import { isRemoteName, registryConfig, remoteNames } from './config.mjs';
import { appFolders, releaseRemote } from './release.mjs';
import { smokeCheck } from './smoke.mjs';

/** @param {string[]} argv @param {NodeJS.ProcessEnv} [env] */
export async function pipeline(argv, env = process.env) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      percent: { type: 'string', default: '100' },
      'skip-tests': { type: 'boolean' },
      'skip-smoke': { type: 'boolean' },
      preview: { type: 'boolean' },
      dist: { type: 'string' },
      version: { type: 'string' },
    },
  });
  const [remote] = positionals;
  if (!isRemoteName(remote))
    throw new Error(`usage: pipeline.mjs <${remoteNames.join('|')}> [--percent N] [--skip-tests]`);
  const project = `@toolshop/${appFolders[remote]}`;
  if (!values['skip-tests']) {
    console.log(`[pipeline] 1/4 lint, type check and unit tests of ${project}`);
    const tested = spawnSync(
      'npx',
      ['nx', 'run-many', '-t', 'lint', 'typecheck', 'test', '-p', project, '--outputStyle=stream'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      },
    );
    if (tested.status !== 0) throw new Error(`the tests of ${project} failed: nothing released`);
  }
  console.log(`[pipeline] 2/4 release ${remote}`);
  const version = await releaseRemote({ remote, version: values.version, dist: values.dist, env });
  if (!values['skip-smoke']) {
    const { shellUrl } = registryConfig(env);
    console.log(
      `[pipeline] 3/4 smoke check of ${shellUrl} with ${remote} ${version} (a preview in a headless browser; nothing activated)`,
    );
    const release = await registryClient(env)(
      'GET',
      `/releases/${remote}/${encodeURIComponent(version)}`,
    );
    const signIn =
      env.SMOKE_EMAIL && env.SMOKE_PASSWORD
        ? { email: env.SMOKE_EMAIL, password: env.SMOKE_PASSWORD }
        : undefined;
    const problems = await smokeCheck({ remote, release, shellUrl, signIn });
    if (problems.length)
      throw Object.assign(
        new Error(`the smoke check of ${remote} ${version} failed: not activated`),
        { problems },
      );
  }
  if (values.preview) {
    console.log(`[pipeline] 4/4 preview link of ${remote} ${version} (not activated)`);
    const lines = await runCommand(
      ['preview', remote, version, '--minutes', String(3 * 24 * 60)],
      env,
    );
    for (const line of lines) console.log(line);
    if (env.PREVIEW_LINK_FILE) writeFileSync(env.PREVIEW_LINK_FILE, `${lines.join('\n')}\n`);
    return version;
  }
  console.log(
    `[pipeline] 4/4 activate ${remote} ${version} for ${values.percent} % through the gates`,
  );
  const reason = env.GITHUB_RUN_ID
    ? `CI run ${env.GITHUB_RUN_ID} of ${env.GITHUB_SHA ?? 'unknown commit'}`
    : 'release pipeline';
  for (const line of await runCommand(
    ['activate', remote, version, '--percent', values.percent, '--reason', reason],
    env,
  ))
    console.log(line);
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
