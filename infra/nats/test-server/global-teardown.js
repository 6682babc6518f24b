'use strict';
// Stops the jest run's nats-server (global-setup.js) by its PID and removes its config and JetStream store.
const fs = require('node:fs');

module.exports = async function stopTestNats() {
  const running = globalThis.__AFYA_TEST_NATS__;
  if (!running) return;
  globalThis.__AFYA_TEST_NATS__ = undefined;
  await running.stop();
  fs.rmSync(running.dir, { recursive: true, force: true });
};
