// The local mail catcher: Mailpit (infra/mailpit, built from the Go module proxy like FerretDB).
// It accepts every message on its SMTP port and shows them in a web inbox with an HTTP API, so
// `npm start` and the browser tests send real email through SMTP_URL without reaching anyone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';
import { startService } from './processes.mjs';

const mailpitDir = join(repoRoot, 'infra/mailpit');
export const mailpitBinary = join(mailpitDir, 'bin/mailpit');

/** The sender of the shop's mail unless MAIL_FROM says otherwise. */
export const defaultMailFrom = 'Toolshop <no-reply@toolshop.test>';

/** Builds the Mailpit wrapper and its web inbox once (infra/mailpit/build.mjs); later calls reuse the binary. */
export function ensureMailpit(log = console.error) {
  if (existsSync(mailpitBinary)) return mailpitBinary;
  if (spawnSync('sh', ['-c', 'command -v go']).status !== 0) {
    throw new Error(
      'the mail catcher needs Go to build infra/mailpit (https://go.dev/doc/install)',
    );
  }
  log('[mail] building the Mailpit mail catcher (first run only, a minute or two)...');
  const built = spawnSync(process.execPath, [join(mailpitDir, 'build.mjs')], {
    cwd: mailpitDir,
    stdio: 'inherit',
  });
  if (built.status !== 0)
    throw new Error('the build of infra/mailpit failed (node infra/mailpit/build.mjs)');
  return mailpitBinary;
}

/** The command line of a catcher on loopback: SMTP without TLS, any (or no) login, messages in memory. */
export function mailpitArgs({ smtpPort, webPort }) {
  return [
    '--smtp',
    `127.0.0.1:${smtpPort}`,
    '--listen',
    `127.0.0.1:${webPort}`,
    '--smtp-auth-accept-any',
    '--smtp-auth-allow-insecure',
    '--disable-version-check',
    '--quiet',
  ];
}

/**
 * Starts the mail catcher (stopped with the other services by processes.mjs's stopAll).
 * @param {{ smtpPort: number, webPort: number, quiet?: boolean }} options
 * @returns {Promise<{ smtpUrl: string, inbox: string }>}
 */
export async function startMailCatcher({ smtpPort, webPort, quiet = false }) {
  const binary = ensureMailpit();
  const inbox = `http://localhost:${webPort}`;
  await startService('mail', binary, mailpitArgs({ smtpPort, webPort }), {
    quiet,
    readyUrl: `${inbox}/readyz`,
  });
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inbox };
}
