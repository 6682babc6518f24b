'use strict';
// Watches a jest run's nats-server (global-setup.js) from outside the run: when the jest process is gone without
// its globalTeardown (killed, crashed, another project's globalSetup failed), stops the server by its PID and
// removes its directory, so no nats-server outlives the run. Exits as soon as the server is gone.
// Usage: node reaper.js <jest pid> <nats-server pid> <dir>
const fs = require('node:fs');

const [ownerPid, serverPid, dir] = process.argv.slice(2);

function alive(pid) {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const timer = setInterval(() => {
  if (!alive(serverPid)) {
    clearInterval(timer);
    return;
  }
  if (alive(ownerPid)) return;
  clearInterval(timer);
  try {
    process.kill(Number(serverPid), 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  setTimeout(() => fs.rmSync(dir, { recursive: true, force: true }), 200);
}, 1000);
