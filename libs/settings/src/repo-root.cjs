// The repository root, computed once for every Node script and config (Node only: it reads the
// location of this file).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loadable everywhere
const { resolve } = require('node:path');

/** Absolute path of the repository root, without a trailing slash. */
exports.repoRoot = resolve(__dirname, '../../..');
