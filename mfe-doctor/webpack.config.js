// mfe_doctor: the doctor remote, served under /mfe/doctor/. Shared recipe in shell/webpack.parts.js.
module.exports = require('../shell/webpack.parts').remoteConfig('mfe_doctor', __dirname);
