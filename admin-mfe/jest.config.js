// Component tests run in jsdom, on top of the shared browser-package settings.
module.exports = require('../jest.base.cjs')(__dirname, {
  dom: true,
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-dom.ts'],
  clearMocks: true,
  testTimeout: 20_000,
});
