// The Jest settings every project's jest.config.js extends: TypeScript and JSX through @swc/jest, CSS
// Modules stubbed with their class names, and for browser code a small DOM storage shim
// (jest/web-globals.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS Jest config
const path = require('node:path');

const helper = (name) => path.join(__dirname, 'jest', name);

const browserSwc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
};

/**
 * @param {string} rootDir the project folder (__dirname of its jest.config.js)
 * @param {{ dom?: boolean, browser?: boolean, swc?: object } & Record<string, unknown>} options
 *   dom: component tests in jsdom (jest/dom-setup.cjs runs after the environment, before the
 *   project's own setupFilesAfterEnv); browser: false for Node projects (no browser globals shim);
 *   swc: the project's own @swc/jest options for its TypeScript (the API's decorators).
 */
module.exports = function jestProject(
  rootDir,
  { dom = false, browser = true, swc = browserSwc, ...overrides } = {},
) {
  return {
    rootDir,
    testEnvironment: dom ? 'jsdom' : 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    transform: {
      '^.+\\.tsx?$': ['@swc/jest', swc],
    },
    moduleNameMapper: { '\\.css$': helper('css-module-stub.cjs') },
    setupFiles: browser ? [helper('web-globals.cjs')] : [],
    ...overrides,
    setupFilesAfterEnv: [
      ...(dom ? [helper('dom-setup.cjs')] : []),
      ...(overrides.setupFilesAfterEnv ?? []),
    ],
  };
};
