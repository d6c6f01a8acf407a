// Component tests run in jsdom, on top of the shared browser-package settings.
module.exports = require('../infra/devstack/jest/web-project.cjs')(__dirname, { dom: true });
