module.exports = require('../shell/test/jest.remote')('mfe-patient', __dirname);
