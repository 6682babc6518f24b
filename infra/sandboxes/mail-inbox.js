'use strict';
// A real SMTP server with a web inbox for the email the platform sends: MailDev (npm package `maildev`), run as
// a child process. The support service sends to it over SMTP with nodemailer (SMTP_URL); people read the mail at
// its web address; tests read it through MailDev's API (GET /api/email on the web port).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { freePort } = require('../local/probes');

async function waitForInbox(webUrl, child, timeoutMs) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`maildev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${webUrl}/api/email`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`maildev did not answer ${webUrl}/api/email within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** MailDev's command (its package.json `bin`; the package exports no package.json to require.resolve). */
function maildevBin() {
  for (const dir of require.resolve.paths('maildev') || []) {
    const manifest = path.join(dir, 'maildev', 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    return path.join(dir, 'maildev', typeof bin === 'string' ? bin : bin.maildev);
  }
  throw new Error('the maildev package is not installed (npm install)');
}

/**
 * @param {object} [options]
 * @param {number} [options.smtpPort] 0 or absent = any free port
 * @param {number} [options.webPort]
 * @param {number} [options.timeoutMs]
 * @returns {Promise<{smtpUrl: string, webUrl: string, emails(): Promise<any[]>, clear(): Promise<void>, close(): Promise<void>}>}
 */
async function startMailInbox(options = {}) {
  const smtpPort = options.smtpPort || (await freePort());
  const webPort = options.webPort || (await freePort());
  const bin = maildevBin();
  const child = spawn(process.execPath, [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const webUrl = `http://127.0.0.1:${webPort}`;
  try {
    await waitForInbox(webUrl, child, options.timeoutMs ?? 30000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${stderr}`, { cause: error });
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    pid: child.pid,
    async emails() {
      const res = await fetch(`${webUrl}/api/email`);
      return res.json();
    },
    async clear() {
      await fetch(`${webUrl}/api/email/all`, { method: 'DELETE' });
    },
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

module.exports = { startMailInbox };
