import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsCredentialOptions } from './credentials';

describe('natsCredentialOptions: which bus user a connection presents', () => {
  const usersFile = join(mkdtempSync(join(tmpdir(), 'afya-credentials-spec-')), 'bus-users.json');
  writeFileSync(usersFile, JSON.stringify({ users: { appointment: { user: 'appointment', password: 'pa' }, 'test-admin': { user: 'test-admin', password: 'pt' } } }));

  it("takes the deployable's own NATS_USER / NATS_PASSWORD, with its own inbox prefix", () => {
    expect(natsCredentialOptions('gateway', { NATS_USER: 'gateway', NATS_PASSWORD: 'secret', AFYA_NATS_USERS_FILE: usersFile })).toEqual({
      user: 'gateway',
      pass: 'secret',
      inboxPrefix: '_INBOX_gateway',
    });
  });

  it("takes a deployable's entry of the users file (several deployables in one test process), else the file's test-admin", () => {
    expect(natsCredentialOptions('appointment', { AFYA_NATS_USERS_FILE: usersFile })).toMatchObject({ user: 'appointment', pass: 'pa', inboxPrefix: '_INBOX_appointment' });
    expect(natsCredentialOptions('evtest', { AFYA_NATS_USERS_FILE: usersFile })).toMatchObject({ user: 'test-admin', pass: 'pt' });
    expect(natsCredentialOptions(undefined, { AFYA_NATS_USERS_FILE: usersFile })).toMatchObject({ user: 'test-admin' });
  });

  it('presents nothing without credentials, and TLS files only when NATS_TLS_CA is set', () => {
    expect(natsCredentialOptions('auth', {})).toEqual({});
    expect(natsCredentialOptions('auth', { NATS_TLS_CA: '/ca.pem' })).toEqual({ tls: { caFile: '/ca.pem' } });
    expect(natsCredentialOptions('auth', { NATS_TLS_CA: '/ca.pem', NATS_TLS_CERT: '/c.pem', NATS_TLS_KEY: '/k.pem' }).tls).toEqual({ caFile: '/ca.pem', certFile: '/c.pem', keyFile: '/k.pem' });
  });
});
