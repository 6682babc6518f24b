'use strict';
// Starts the platform for the journeys: fresh database afya_e2e, bus namespace e2e, port 3150,
// demo data seeded. Leaves a dev's `npm start` (database afya, namespace afya, port 3000) alone.
// E2E_PORT, E2E_DB_NAME and E2E_BUS let two people run the journeys side by side on one machine; the runner's own
// permissioned nats-server listens on E2E_NATS_PORT (default E2E_PORT + 1000).
const path = require('node:path');
const { Client } = require('pg');
const { startPlatform } = require('../local/platform');

const PORT = Number(process.env.E2E_PORT || 3150);
const ADMIN_URL = process.env.E2E_ADMIN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function recreateDatabase(name) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

module.exports = async function globalSetup() {
  const bus = process.env.E2E_BUS || 'e2e';
  const databaseUrl = process.env.E2E_DATABASE_URL || (await recreateDatabase(process.env.E2E_DB_NAME || 'afya_e2e'));
  const platform = await startPlatform({
    port: PORT,
    quiet: true,
    localDir: path.resolve(__dirname, `../../.local/${bus}`),
    env: {
      // The Daraja sandbox answers a push after 1.5 s here (3 s for npm start) so M-Pesa journeys stay short.
      DARAJA_SANDBOX_DELAY_MS: '1500',
      // A push whose callback is late is asked of Daraja by the dialog's status calls after 5 s (15 s by default).
      MPESA_STATUS_QUERY_AFTER_MS: '5000',
      ...process.env,
      DATABASE_URL: databaseUrl,
      AFYA_BUS: bus,
      NATS_URL: process.env.NATS_URL || 'nats://127.0.0.1:4222',
      // A NATS without the bus users (the machine's) makes the runner start its own with the bus permissions, on this port.
      AFYA_NATS_PORT: process.env.E2E_NATS_PORT || String(PORT + 1000),
    },
  });
  globalThis.__AFYA_PLATFORM__ = platform;
  process.env.E2E_BASE_URL = platform.url;
  // What the platform sent: MailDev's API (GET /api/email) and the SMS sandbox's record (GET /messages).
  if (platform.mailInbox) process.env.E2E_MAIL_URL = platform.mailInbox.webUrl;
  if (platform.sandboxes) process.env.E2E_SMS_URL = platform.sandboxes.sms.url;
  // The USSD simulator's page and API (issue 42): journeys/ussd.e2e.ts dials and presses keys there.
  if (platform.sandboxes) process.env.E2E_USSD_URL = platform.sandboxes.ussd.url;
  // Every platform process writes its JSON lines there (infra/local/processes.js); journeys/logs.e2e.ts reads them.
  process.env.E2E_LOG_DIR = path.join(path.resolve(__dirname, `../../.local/${bus}`), 'logs');
};
