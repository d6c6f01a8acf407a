/** Unit tests (src/**) and integration tests (test/**) against a real FerretDB over a real connection. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
  },
  module: { type: 'commonjs' },
};

module.exports = require('../jest.base.cjs')(__dirname, {
  browser: false,
  swc,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/support/retry-in-ci.ts'],
  testTimeout: 60_000,
  maxWorkers: 2,
});
