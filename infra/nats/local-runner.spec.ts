import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, ErrorCode } from 'nats';

const { provideNats } = require('../local/nats');
const { ProcessGroup } = require('../local/processes');
const { freePort } = require('./permissioned-server');

/**
 * `npm start` (infra/local/nats.js) never runs the platform on a NATS without the bus users: with the machine's
 * open server on 4222 (this machine and CI have one) or none at all, it starts its own nats-server with the
 * permission config for the bus namespace, and hands each process its own user.
 */
describe('the local runner and the bus permissions', () => {
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-local-nats-'));
  const processes = new ProcessGroup({ quiet: true, print: () => undefined });

  afterAll(async () => {
    await processes.stopAll(5000);
    fs.rmSync(localDir, { recursive: true, force: true });
  });

  it('starts its own permissioned nats-server beside an open one, and gives each deployable its own user', async () => {
    const port = await freePort();
    const nats = await provideNats({ env: { AFYA_BUS: 'localspec', AFYA_NATS_PORT: String(port) }, localDir, root: path.resolve(__dirname, '../..'), processes, localPort: 4222 });
    try {
      expect(nats).toMatchObject({ mode: 'spawned', url: `nats://127.0.0.1:${port}` });
      await expect(connect({ servers: nats.url, reconnect: false })).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });

      const env = nats.credentials('appointment');
      expect(env.NATS_USER).toBe('appointment');
      const appointment = await connect({ servers: nats.url, user: env.NATS_USER, pass: env.NATS_PASSWORD, inboxPrefix: '_INBOX_appointment' });
      try {
        await expect(appointment.request('localspec.auth.login', 'x', { timeout: 2000 })).rejects.toMatchObject({ code: ErrorCode.PermissionsViolation });
      } finally {
        await appointment.close();
      }
      expect(fs.statSync(path.join(localDir, 'nats-auth', 'bus-users.json')).mode & 0o077).toBe(0);
    } finally {
      await nats.stop();
    }
  });
});
