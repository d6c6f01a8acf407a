module.exports = require('../../infra/devstack/jest/web-project.cjs')(__dirname);
