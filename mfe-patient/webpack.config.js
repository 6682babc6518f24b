// mfe_patient: the patient remote, served under /mfe/patient/. Shared recipe in shell/webpack.parts.js.
module.exports = require('../shell/webpack.parts').remoteConfig('mfe_patient', __dirname);
