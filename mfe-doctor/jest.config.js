module.exports = require('../shell/test/jest.remote')('mfe-doctor', __dirname);
