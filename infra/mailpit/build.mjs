// Builds bin/mailpit from the Go module proxy, web inbox included: the module holds the inbox's
// source and its package-lock.json but not the built files its binary embeds (a Mailpit release
// builds them with npm first). So: take the module's source, build the inbox with its own locked
// npm packages, vendor the Go dependencies, put the built inbox where the embed expects it, build.
// Work files stay in .build/ and vendor/ (both ignored by git).
//
//   node infra/mailpit/build.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const modulePath = 'github.com/axllent/mailpit';
const work = join(here, '.build');
const vendorUi = join(here, 'vendor', modulePath, 'server/ui/dist');

function sh(command, args, cwd, options = {}) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: options.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}${options.capture ? `: ${result.stderr}` : ''}`,
    );
  }
  return result.stdout;
}

/** The module's source as the proxy serves it (read-only in the module cache). */
function moduleSource() {
  const { Dir, Version } = JSON.parse(
    sh('go', ['mod', 'download', '-json', modulePath], here, { capture: true }),
  );
  return { dir: Dir, version: Version };
}

/** Builds the web inbox (Vue, esbuild) from the module's source with its locked npm packages. */
function buildInbox({ dir, version }) {
  const source = join(work, version);
  const built = join(source, 'server/ui/dist');
  if (existsSync(join(built, 'app.js'))) return built;
  rmSync(work, { recursive: true, force: true });
  cpSync(dir, source, { recursive: true, mode: 0 });
  spawnSync('chmod', ['-R', 'u+w', source]);
  sh('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], source);
  sh('npm', ['run', 'build', '--silent'], source);
  return built;
}

const source = moduleSource();
console.log(`[mailpit] building Mailpit ${source.version} (web inbox with npm, binary with Go)`);
let inbox;
try {
  inbox = buildInbox(source);
} catch (error) {
  // The SMTP server and the HTTP API work without it (the tests need only those).
  console.warn(`[mailpit] the web inbox could not be built, building without it: ${error.message}`);
}
sh('go', ['mod', 'vendor'], here);
if (inbox) cpSync(inbox, vendorUi, { recursive: true });
sh('go', ['build', '-mod=vendor', '-o', join(here, 'bin/mailpit'), '.'], here);
console.log('[mailpit] built infra/mailpit/bin/mailpit');
