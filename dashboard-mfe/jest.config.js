// Component tests run in jsdom, on top of the shared browser-package settings. The longer timeout
// is for CI machines shared with builds: typing into forms with user-event is slow under load.
module.exports = require('../jest.base.cjs')(__dirname, {
  dom: true,
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-dom.ts'],
  testTimeout: 15_000,
});
