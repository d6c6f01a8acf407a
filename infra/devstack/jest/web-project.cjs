// Jest settings for the browser packages (libs/auth, libs/ui, the shell, the remotes): TypeScript
// and JSX through @swc/jest, CSS Modules stubbed with their class names, a small DOM storage shim.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS Jest config
const path = require('node:path');

/**
 * @param {string} rootDir the package folder (__dirname of its jest.config.js)
 * @param {{ dom?: boolean } & Record<string, unknown>} options dom: component tests in jsdom
 *   (dom-setup.cjs runs after the environment, before the package's own setupFilesAfterEnv)
 */
module.exports = function webProject(rootDir, { dom = false, ...overrides } = {}) {
  return {
    rootDir,
    testEnvironment: dom ? 'jsdom' : 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    transform: {
      '^.+\\.tsx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'css-module-stub.cjs') },
    setupFiles: [path.join(__dirname, 'web-globals.cjs')],
    ...overrides,
    setupFilesAfterEnv: [...(dom ? [path.join(__dirname, 'dom-setup.cjs')] : []), ...(overrides.setupFilesAfterEnv ?? [])],
  };
};
