// A workspace lib shared as a Module Federation singleton (@toolshop/auth, @toolshop/ui) runs as the
// shell's copy, whatever version a remote was built against. Each app shares it at its package.json's
// version and requires at least that (libs/rspack-app), and the registry's gate refuses a remote that
// requires more than the shell provides. That holds only if the version moves with what the lib
// exports: its names are recorded per version in shared-exports.json, and this check fails when
// they change under the same version, or when a name goes away without a breaking version.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS helper
const { readFileSync } = require('node:fs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS helper
const path = require('node:path');

const parse = (version) => version.split('.').map(Number);
const compare = (a, b) => {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};
/** Whether `next` is outside `^previous` (npm's caret: the minor is the breaking part while 0.x). */
const breaks = (previous, next) => {
  const [a, b] = [parse(previous), parse(next)];
  return a[0] === 0 ? a[0] !== b[0] || a[1] !== b[1] : a[0] !== b[0];
};

/**
 * The problems of a lib's recorded exports, each a sentence; none when they agree.
 * @param {{ name: string, version: string }} pkg the lib's package.json
 * @param {Record<string, string[]>} recorded shared-exports.json: version -> exported names
 * @param {string[]} names what the lib's entry exports now
 */
function sharedExportProblems(pkg, recorded, names) {
  const problems = [];
  const now = [...names].sort();
  const atVersion = recorded[pkg.version];
  if (!atVersion) {
    problems.push(
      `${pkg.name} ${pkg.version} has no names recorded in shared-exports.json: record its exports under "${pkg.version}"`,
    );
  } else {
    const added = now.filter((name) => !atVersion.includes(name));
    const removed = atVersion.filter((name) => !now.includes(name));
    if (added.length || removed.length) {
      problems.push(
        `${pkg.name}'s exports changed under ${pkg.version} (added: ${added.join(', ') || 'none'}; ` +
          `removed: ${removed.join(', ') || 'none'}): a remote built with it would run on an older shell's ` +
          `copy. Raise the version in package.json (a removal or rename: past "^${pkg.version}") and ` +
          'record the names under it in shared-exports.json',
      );
    }
  }
  const versions = Object.keys(recorded).sort(compare);
  for (let i = 1; i < versions.length; i += 1) {
    const [previous, next] = [versions[i - 1], versions[i]];
    const gone = recorded[previous].filter((name) => !recorded[next].includes(name));
    if (gone.length && !breaks(previous, next)) {
      problems.push(
        `${pkg.name} ${next} no longer exports ${gone.join(', ')}, yet "^${previous}" accepts it: ` +
          'a removal needs a breaking version',
      );
    }
  }
  if (versions.at(-1) !== pkg.version && recorded[pkg.version]) {
    problems.push(
      `${pkg.name} ${pkg.version} is older than ${versions.at(-1)} of shared-exports.json`,
    );
  }
  return problems;
}

/** Fails the test with the problems of the lib at `libDir` whose entry is `entry` (its module). */
function expectSharedExportsRecorded(libDir, entry) {
  const read = (file) => JSON.parse(readFileSync(path.join(libDir, file), 'utf8'));
  const [pkg, recorded] = [read('package.json'), read('shared-exports.json')];
  const names = Object.keys(entry).filter((name) => name !== '__esModule');
  const problems = sharedExportProblems(pkg, recorded, names);
  if (problems.length) throw new Error(problems.join('\n'));
}

module.exports = { sharedExportProblems, expectSharedExportsRecorded };
