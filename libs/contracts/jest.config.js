module.exports = require('../../jest.base.cjs')(__dirname, { browser: false });
