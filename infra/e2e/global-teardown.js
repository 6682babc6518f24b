'use strict';

module.exports = async function globalTeardown() {
  await globalThis.__AFYA_PLATFORM__?.stop();
};
