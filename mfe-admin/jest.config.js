module.exports = require('../shell/test/jest.remote')('mfe-admin', __dirname);
