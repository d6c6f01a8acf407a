// Completes package-lock.json with the platform packages the registry mirror here lacks.
//
// Our registry mirror carries recent native binaries (@swc/core-*, @nx/nx-*, ...) only for the
// platforms of our machines, so npm leaves the others out of the lockfile, and `npm ci` then
// refuses the lockfile as out of sync. An optional package for another os/cpu is never fetched
// here, so recording it with its platform is enough for `npm ci` everywhere. Runs as postinstall.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@toolshop/settings/repo-root';

const lockPath = join(repoRoot, 'package-lock.json');

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = [
  ['x64', 'x64'],
  ['arm64', 'arm64'],
  ['aarch64', 'arm64'],
  ['ia32', 'ia32'],
  ['ppc64', 'ppc64'],
  ['s390x', 's390x'],
  ['riscv64', 'riscv64'],
  ['loong64', 'loong64'],
  ['mips64el', 'mips64el'],
  ['wasm32', 'wasm32'],
  ['arm', 'arm'],
];

/** Reads os, cpu and libc from a binary package name such as @swc/core-linux-arm64-musl. */
export function platformOf(name) {
  const tokens = name.split('/').pop().split(/[-_]/);
  const os = OS.find((o) => tokens.includes(o));
  const cpu = CPU.find(([token]) => tokens.includes(token))?.[1];
  if (!cpu || (!os && cpu !== 'wasm32')) return undefined;
  const libc =
    os === 'linux'
      ? tokens.some((t) => t.startsWith('musl'))
        ? 'musl'
        : tokens.some((t) => t.startsWith('gnu'))
          ? 'glibc'
          : undefined
      : undefined;
  return { ...(os && { os: [os] }), cpu: [cpu], ...(libc && { libc: [libc] }) };
}

export function completeLockfile(lock) {
  const packages = lock.packages ?? {};
  const added = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
      if (packages[nested] || packages[`node_modules/${dep}`]) continue;
      const platform = platformOf(dep);
      if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue;
      packages[`node_modules/${dep}`] = {
        version: spec,
        ...(entry.dev && { dev: true }),
        optional: true,
        ...platform,
      };
      added.push(`${dep}@${spec}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
    ),
  );
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const added = completeLockfile(lock);
  if (added.length) {
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`complete-lockfile: recorded ${added.length} platform packages for other machines`);
  }
}
