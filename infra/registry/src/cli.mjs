// `npm run remotes -- <command>`: what is live and the changes to it, through the registry.
//   status                                     active version, canary and its reports, per remote
//   history [remote]                           releases, activations, canaries, rollbacks: who, when, why
//   activate <remote> <version> [--percent N]  through the gates; under 100 % a sticky canary
//   promote <remote>                           the canary to every visitor
//   rollback <remote>                          end the canary, or go back to the previous version
//   preview <remote> <version> [--minutes N]   a signed link to the shop with that version for its holder only
// Options: --reason "<why>" (recorded). Token: REGISTRY_TOKEN (else the team's demo token locally).
import { parseArgs } from 'node:util';
import { registryClient, tokenFor } from './client.mjs';
import { basePorts, localUrl } from '@toolshop/settings';
import { previewKey, previewTokens } from '@toolshop/web-server/preview.mjs';
import { isRemoteName, remoteNames } from './config.mjs';

const usage = `usage: npm run remotes -- status | history [remote] | activate <remote> <version> [--percent N] [--reason why] | promote <remote> | rollback <remote> [--reason why] | preview <remote> <version> [--minutes N]`;

/** Runs one command; returns the lines to print. */
export async function runCommand(argv, env = process.env) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      percent: { type: 'string' },
      reason: { type: 'string' },
      json: { type: 'boolean' },
      minutes: { type: 'string' },
    },
  });
  const [command, remote, version] = positionals;
  const call = registryClient(env);
  const needRemote = () => {
    if (!isRemoteName(remote))
      throw new Error(`name a remote: ${remoteNames.join(', ')}\n${usage}`);
    return tokenFor(remote, env);
  };
  switch (command) {
    case 'status': {
      const status = await call('GET', '/status', { token: tokenFor(remote ?? 'storefront', env) });
      if (values.json) return [JSON.stringify(status, null, 2)];
      return Object.entries(status).map(([name, { active, canary }]) => {
        const live = active
          ? `${active.version} (ok ${active.reports.ok}, errors ${active.reports.errors})`
          : 'built-in default';
        const trial = canary
          ? `; canary ${canary.version} at ${canary.percent} % (ok ${canary.reports.ok}, errors ${canary.reports.errors})`
          : '';
        return `${name.padEnd(10)} ${live}${trial}`;
      });
    }
    case 'history': {
      const token = tokenFor(remote ?? 'storefront', env);
      const entries = await call(
        'GET',
        `/history${remote ? `?remote=${encodeURIComponent(remote)}` : ''}`,
        { token },
      );
      if (values.json) return [JSON.stringify(entries, null, 2)];
      return entries.map(
        (e) =>
          `${e.at}  ${e.remote.padEnd(10)} ${e.action.padEnd(8)} ${e.version ?? 'built-in default'}${e.from !== undefined ? ` (was ${e.from ?? 'built-in default'})` : ''}${e.percent ? ` at ${e.percent} %` : ''}  by ${e.by}${e.reason ? `: ${e.reason}` : ''}`,
      );
    }
    case 'activate': {
      const token = needRemote();
      if (!version) throw new Error(`name the version to activate\n${usage}`);
      const percent = values.percent === undefined ? 100 : Number(values.percent);
      const state = await call('POST', `/remotes/${remote}/activate`, {
        token,
        body: { version, percent, reason: values.reason },
      });
      return [
        percent === 100
          ? `${remote} ${state.active} is active for every visitor`
          : `${remote} ${version} is a canary for ${percent} % of visitors (the rest: ${state.active ?? 'built-in default'})`,
      ];
    }
    case 'promote': {
      const state = await call('POST', `/remotes/${remote}/promote`, {
        token: needRemote(),
        body: { reason: values.reason },
      });
      return [`${remote} ${state.active} is active for every visitor`];
    }
    case 'rollback': {
      const state = await call('POST', `/remotes/${remote}/rollback`, {
        token: needRemote(),
        body: { reason: values.reason },
      });
      return [
        `${remote} is back on ${state.active ?? 'the built-in default'}${state.canary ? ` (canary ${state.canary.version} still at ${state.canary.percent} %)` : ''}`,
      ];
    }
    case 'preview': {
      // A link for QA: the shop with this version of the remote, for the browser that opens it only,
      // until it expires; nothing changes for other visitors. The version must be a recorded release.
      needRemote();
      if (!version) throw new Error(`name the version to preview\n${usage}`);
      const minutes = values.minutes === undefined ? 60 : Number(values.minutes);
      const offset = Number(env.TOOLSHOP_PORT_OFFSET ?? 0) || 0;
      const shell = (env.SHELL_URL || localUrl(basePorts.shell + offset)).replace(/\/$/, '');
      await call('GET', `/releases/${remote}/${encodeURIComponent(version)}`);
      const token = previewTokens(previewKey(env, basePorts.shell + offset)).issue(
        remote,
        version,
        minutes,
      );
      const expires = new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
      return [
        `Preview of ${remote} ${version} until ${expires} (for whoever opens it; nothing changes for other visitors):`,
        `${shell}/remotes/preview?token=${token}`,
      ];
    }
    default:
      throw new Error(usage);
  }
}

if (import.meta.main) {
  try {
    for (const line of await runCommand(process.argv.slice(2))) console.log(line);
  } catch (error) {
    console.error(error.message);
    for (const problem of error.problems ?? []) console.error(`  - ${problem}`);
    process.exit(1);
  }
}
