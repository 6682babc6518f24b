// mfe_admin: the admin remote, served under /mfe/admin/. Shared recipe in shell/webpack.parts.js.
module.exports = require('../shell/webpack.parts').remoteConfig('mfe_admin', __dirname);
