// The compatibility gates a candidate passes before it is activated, each refusal naming what does
// not fit: (1) its mf-manifest.json exposes every page the shell's route table (@toolshop/routes)
// asks of it; (2) its shared singletons satisfy the versions the shell requires (the shell's own
// mf-manifest.json: a React major mismatch is refused); (3) a headless browser smoke check (smoke.mjs).
import { routeTables, sharedSingletons } from '@toolshop/routes';

/** The singletons a remote must share with the shell: the build factory's list (@toolshop/routes). */
export const requiredSingletons = sharedSingletons;

/** @param {unknown} version @returns {[number, number, number] | undefined} */
const parse = (version) => {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(String(version ?? '').trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
};

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `version` satisfies `range` as npm reads `^x.y.z`, `~x.y.z` or `x.y.z` (what Module
 * Federation manifests carry); any other range, or none, asks only for the same major as `reference`.
 */
export function satisfies(version, range, reference) {
  const have = parse(version);
  if (!have) return false;
  const text = String(range ?? '').trim();
  const wanted = parse(text.replace(/^[\^~=]/, ''));
  if (!wanted) {
    const ref = parse(reference);
    return !ref || ref[0] === have[0];
  }
  if (text.startsWith('^')) {
    const sameLine = wanted[0] > 0 ? have[0] === wanted[0] : have[0] === 0 && have[1] === wanted[1];
    return sameLine && compare(have, wanted) >= 0;
  }
  if (text.startsWith('~'))
    return have[0] === wanted[0] && have[1] === wanted[1] && compare(have, wanted) >= 0;
  return compare(have, wanted) === 0;
}

/** Gate 1: every page the route table asks of this remote is exposed. */
export function checkExposes(remote, manifest) {
  const exposed = new Set(
    (manifest?.exposes ?? []).map((expose) => expose.path ?? `./${expose.name}`),
  );
  const table = routeTables[/** @type {keyof typeof routeTables} */ (remote)] ?? [];
  const missing = [...new Set(table.map(({ page }) => `./${page}`))].filter(
    (page) => !exposed.has(page),
  );
  return missing.map(
    (page) =>
      `the candidate does not expose ${page}, which the shell's route table asks of ${remote}`,
  );
}

/**
 * Gate 2: the candidate shares each singleton the shell shares, as a singleton, at a version the
 * shell accepts, and accepts the shell's version itself.
 * @param {any} manifest the candidate's mf-manifest.json
 * @param {any} shellManifest the shell's mf-manifest.json
 */
export function checkShared(manifest, shellManifest) {
  const byName = (list) => new Map((list ?? []).map((entry) => [entry.name, entry]));
  const candidate = byName(manifest?.shared);
  const shell = byName(shellManifest?.shared);
  const problems = [];
  for (const name of requiredSingletons) {
    const host = shell.get(name);
    if (!host) continue; // the shell does not share it (yet): nothing to agree on
    const own = candidate.get(name);
    if (!own) {
      problems.push(
        `the candidate does not share ${name} (the shell shares ${host.version} as a singleton)`,
      );
      continue;
    }
    if (own.singleton !== true)
      problems.push(`the candidate shares ${name} but not as a singleton`);
    if (!satisfies(own.version, host.requiredVersion, host.version)) {
      problems.push(
        `the candidate's ${name} ${own.version} does not satisfy the shell's ${host.requiredVersion || `major ${parse(host.version)?.[0]}`}`,
      );
    } else if (own.requiredVersion && !satisfies(host.version, own.requiredVersion, own.version)) {
      problems.push(
        `the candidate requires ${name} ${own.requiredVersion}, the shell provides ${host.version}`,
      );
    }
  }
  return problems;
}
