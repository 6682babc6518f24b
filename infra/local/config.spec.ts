// The local runner's pure helpers and probes: STATIC_MFE_DIRS, where PostgreSQL and NATS come from
// (against ports nothing listens on), seeding output, demo data, keys, service discovery.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as crypto from 'node:crypto';

const config = require('./config');
const probes = require('./probes');
const { ensureJwtKeys } = require('./keys');

const REPO = path.resolve(__dirname, '..', '..');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'afya-infra-'));

/** A fake NATS: greets with an INFO line, like nats-server does. */
async function fakeNats(info: Record<string, unknown>): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((socket) => socket.end(`INFO ${JSON.stringify(info)}\r\n`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) };
}

describe('STATIC_MFE_DIRS', () => {
  it('parses name=/abs/path pairs', () => {
    expect(config.parseMfeDirs('patient=/a/mfe-patient/dist, doctor=/a/mfe-doctor/dist,admin=/a/mfe-admin/dist')).toEqual({
      patient: '/a/mfe-patient/dist',
      doctor: '/a/mfe-doctor/dist',
      admin: '/a/mfe-admin/dist',
    });
    expect(config.parseMfeDirs('')).toEqual({});
    expect(config.parseMfeDirs(undefined)).toEqual({});
  });

  it('round-trips with formatMfeDirs', () => {
    const dirs = { patient: '/x/p', admin: '/x/a' };
    expect(config.parseMfeDirs(config.formatMfeDirs(dirs))).toEqual(dirs);
  });

  it('rejects relative paths, missing names and duplicates loudly', () => {
    expect(() => config.parseMfeDirs('patient=mfe-patient/dist')).toThrow(/absolute/);
    expect(() => config.parseMfeDirs('/abs/only')).toThrow(/name=/);
    expect(() => config.parseMfeDirs('patient=/a,patient=/b')).toThrow(/twice/);
    expect(() => config.parseMfeDirs('Patient=/a')).toThrow(/lower-case/);
  });

  it('staticEnv sets only what is built and names what is missing', () => {
    const root = '/repo';
    // a remote is built when its dist has release.json (its files are under dist/<version>/); a dist with only
    // unversioned files is an older build the shell cannot pin, so it counts as missing
    const built = new Set(['/repo/shell/dist/index.html', '/repo/mfe-patient/dist/release.json', '/repo/mfe-admin/dist/release.json', '/repo/mfe-doctor/dist/remoteEntry.js']);
    const { env, missing } = config.staticEnv(root, (f: string) => built.has(f));
    expect(env.STATIC_SHELL_DIR).toBe('/repo/shell/dist');
    expect(config.parseMfeDirs(env.STATIC_MFE_DIRS)).toEqual({ patient: '/repo/mfe-patient/dist', admin: '/repo/mfe-admin/dist' });
    expect(missing).toEqual(['mfe-doctor']);
    expect(config.staticEnv(root, () => false)).toEqual({ env: {}, missing: ['shell', 'mfe-patient', 'mfe-doctor', 'mfe-admin'] });
  });
});

describe('choosing PostgreSQL and NATS', () => {
  let closedPort: number;
  beforeAll(async () => {
    closedPort = await probes.freePort();
  });

  it('AFYA_FORCE_EMBEDDED values', () => {
    expect(config.parseForceEmbedded(undefined)).toEqual({ postgres: false, nats: false });
    expect(config.parseForceEmbedded('1')).toEqual({ postgres: true, nats: true });
    expect(config.parseForceEmbedded('pg')).toEqual({ postgres: true, nats: false });
    expect(config.parseForceEmbedded('nats')).toEqual({ postgres: false, nats: true });
    expect(config.parseForceEmbedded('pg,nats')).toEqual({ postgres: true, nats: true });
    expect(() => config.parseForceEmbedded('mysql')).toThrow(/unknown/);
  });

  it('probes say "nobody there" for a closed port', async () => {
    expect(await probes.tcpOpen('127.0.0.1', closedPort, 500)).toBe(false);
    const pg = await probes.probePostgres(`postgres://postgres@127.0.0.1:${closedPort}/postgres`, 1000);
    expect(pg).toMatchObject({ ok: false, listening: false });
    expect(await probes.probeNats('127.0.0.1', closedPort)).toMatchObject({ ok: false, jetstream: false, error: 'ECONNREFUSED' });
  });

  it('PostgreSQL: DATABASE_URL wins, else a local server that answers, else embedded', async () => {
    const localUrl = `postgres://postgres@127.0.0.1:${closedPort}/postgres`;
    const probeLocal = () => probes.probePostgres(localUrl, 1000);
    expect(await config.choosePostgres({ env: { DATABASE_URL: 'postgres://db/x' }, localUrl, probeLocal })).toMatchObject({ mode: 'env', url: 'postgres://db/x' });
    expect(await config.choosePostgres({ env: {}, localUrl, probeLocal })).toMatchObject({ mode: 'embedded', note: 'no PostgreSQL answers locally' });
    expect(await config.choosePostgres({ env: {}, localUrl, probeLocal: async () => ({ ok: true }) })).toMatchObject({ mode: 'local', url: localUrl });
    const refused = await config.choosePostgres({ env: {}, localUrl, probeLocal: async () => ({ ok: false, listening: true, error: 'password authentication failed' }) });
    expect(refused.mode).toBe('embedded');
    expect(refused.note).toMatch(/refused us/);
    expect(await config.choosePostgres({ env: { AFYA_FORCE_EMBEDDED: '1', DATABASE_URL: 'postgres://db/x' }, localUrl, probeLocal })).toMatchObject({ mode: 'embedded' });
  });

  it('NATS: NATS_URL wins, else a local server with JetStream, else a binary, else none', async () => {
    const localUrl = `nats://127.0.0.1:${closedPort}`;
    const probeLocal = () => probes.probeNats('127.0.0.1', closedPort);
    const binary = { path: '/usr/sbin/nats-server', source: 'nats-server' };
    expect(await config.chooseNats({ env: { NATS_URL: 'nats://n:4222' }, localUrl, probeLocal, findBinary: () => null })).toMatchObject({ mode: 'env' });
    expect(await config.chooseNats({ env: {}, localUrl, probeLocal, findBinary: () => binary })).toMatchObject({ mode: 'spawn', binary });
    const none = await config.chooseNats({ env: {}, localUrl, probeLocal, findBinary: () => null });
    expect(none).toMatchObject({ mode: 'none', note: 'no NATS answers locally' });
    expect(config.natsInstallHelp()).toMatch(/apt-get install -y nats-server/);
    expect(config.natsInstallHelp()).toMatch(/NATS_URL=/);
  });

  it('NATS: a local server without JetStream is not used; one with JetStream is', async () => {
    const plain = await fakeNats({ server_id: 'x', version: '2.10.0' });
    const js = await fakeNats({ server_id: 'y', version: '2.10.0', jetstream: true });
    try {
      const binary = { path: '/bin/nats-server', source: 'nats-server' };
      const without = await config.chooseNats({ env: {}, localUrl: 'nats://x', probeLocal: () => probes.probeNats('127.0.0.1', plain.port), findBinary: () => binary });
      expect(without).toMatchObject({ mode: 'spawn' });
      expect(without.note).toMatch(/no JetStream/);
      const withJs = await config.chooseNats({ env: {}, localUrl: 'nats://y', probeLocal: () => probes.probeNats('127.0.0.1', js.port), findBinary: () => binary });
      expect(withJs).toMatchObject({ mode: 'local', url: 'nats://y' });
    } finally {
      await plain.close();
      await js.close();
    }
  });

  it('finds nats-server on PATH, and in sbin folders a user PATH lacks', () => {
    const dir = tmp();
    const bin = path.join(dir, 'nats-server');
    fs.writeFileSync(bin, '#!/bin/sh\n', { mode: 0o755 });
    expect(config.findOnPath('nats-server', dir)).toBe(bin);
    expect(config.findOnPath('nats-server', '', (f: string) => f === '/usr/sbin/nats-server')).toBe('/usr/sbin/nats-server');
    expect(config.findOnPath('nats-server', '', () => false)).toBeNull();
  });

  it('finds the binary of nats-memory-server only when that package is installed', () => {
    const root = tmp();
    expect(config.natsMemoryServerBinary(root)).toBeNull();
    fs.mkdirSync(path.join(root, 'node_modules', 'nats-memory-server'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', 'nats-memory-server', 'package.json'), '{}');
    expect(config.natsMemoryServerBinary(root)).toBeNull(); // installed, but its download failed
    const cached = path.join(root, 'node_modules', '.cache', 'nats-memory-server', 'nats-server');
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    fs.writeFileSync(cached, '#!/bin/sh\n', { mode: 0o755 });
    expect(config.natsMemoryServerBinary(root)).toBe(cached);
    const custom = path.join(root, 'bin', 'nats');
    fs.mkdirSync(path.dirname(custom), { recursive: true });
    fs.writeFileSync(custom, '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ natsMemoryServer: { binPath: 'bin/nats' } }));
    expect(config.natsMemoryServerBinary(root)).toBe(custom);
  });
});

describe('services, seeding and the banner', () => {
  it('discovers built services, auth first, and ignores packages without dist/src/main.js', () => {
    const root = tmp();
    for (const [name, files] of Object.entries({ appointment: ['main.js', 'migrate.js', 'seed.js'], auth: ['main.js', 'migrate.js'], billing: ['main.js'], shared: [] })) {
      fs.mkdirSync(path.join(root, 'services', name, 'dist', 'src'), { recursive: true });
      for (const f of files) fs.writeFileSync(path.join(root, 'services', name, 'dist', 'src', f), '');
    }
    const found = config.discoverServices(root);
    expect(found.map((s: any) => s.name)).toEqual(['auth', 'appointment', 'billing']);
    expect(found[0].seed).toBeNull();
    expect(found[1].seed).toBe(path.join(root, 'services/appointment/dist/src/seed.js'));
    expect(found[2].migrate).toBeNull();
    expect(config.discoverGateway(root)).toBeNull();
    expect(config.discoverServices(path.join(root, 'nowhere'))).toEqual([]);
  });

  it('reads the {"users":[...]} line among the seed\'s log lines', () => {
    const out = 'connecting\n{"level":"info"}\n{"users":[{"user_id":1,"email":"a@b"}]}\ndone\n';
    expect(config.parseSeedOutput(out)).toEqual({ users: [{ user_id: 1, email: 'a@b' }] });
    expect(() => config.parseSeedOutput('nothing here\n{"level":"info"}')).toThrow(/users/);
  });

  it('the banner shows the URL, where PostgreSQL and NATS come from, and the demo logins without their passwords', () => {
    const banner = config.formatBanner({
      url: 'http://localhost:3000',
      postgres: { describe: 'embedded PostgreSQL' },
      nats: { describe: 'local server nats://127.0.0.1:4222' },
      services: ['auth'],
      gateway: true,
      logins: config.demoLogins(config.readDemoData()),
      seeded: '15 users',
      messages: { inbox: 'http://127.0.0.1:1080', sms: 'http://127.0.0.1:4000/messages' },
    });
    expect(banner).toMatch(/Afya is running at http:\/\/localhost:3000/);
    expect(banner).toMatch(/Email sent: http:\/\/127\.0\.0\.1:1080/);
    expect(banner).toMatch(/SMS sent: +http:\/\/127\.0\.0\.1:4000\/messages/);
    expect(banner).toMatch(/embedded PostgreSQL/);
    expect(banner).toMatch(/admin@afya\.test +\S/);
    expect(banner).toMatch(/patient@afya\.test +\S/);
    expect(banner).toMatch(/dr\.wanjiku@afya\.test +Grace Wanjiku/);
    expect(banner).toMatch(/passwords in README\.md/);
    for (const password of ['Admin#2026', 'Patient#2026', 'Doctor#2026']) expect(banner).not.toContain(password);
    expect(config.formatBanner({ url: 'u', postgres: { describe: 'p' }, nats: { describe: 'n' }, services: [], gateway: false, logins: [] })).toMatch(/no gateway is built yet/);
  });

  it('redacts passwords and swaps the database of a URL', () => {
    expect(config.redactUrl('postgres://u:secret@h:5/db')).toBe('postgres://u:***@h:5/db');
    expect(config.withDatabase('postgres://u@h:5/postgres', 'afya')).toBe('postgres://u@h:5/afya');
    expect(config.parsePort(undefined, 3000)).toBe(3000);
    expect(config.parsePort('3100', 3000)).toBe(3100);
    expect(() => config.parsePort('70000', 3000)).toThrow(/invalid port/);
  });
});

describe('demo data (infra/local/demo-data.json)', () => {
  const data = config.readDemoData();
  const users: any[] = data.users;
  const doctors = users.filter((u) => u.role === 'doctor');
  const SPECIALTIES = ['Cardiology', 'Dermatology', 'Endocrinology', 'Gastroenterology', 'Neurology', 'Oncology', 'Orthopedics', 'Pediatrics', 'Psychiatry', 'Radiology', 'Surgery', 'Urology'];

  it('lists the specialties of CONTRACT.md §1, when CONTRACT.md is at hand', () => {
    const spec = path.resolve(REPO, '..', 'shared', 'CONTRACT.md');
    if (!fs.existsSync(spec)) return;
    const line = fs.readFileSync(spec, 'utf8').match(/Specialties listed: ([^.]+)\./)![1];
    expect(line.split(',').map((s) => s.trim()).sort()).toEqual([...SPECIALTIES].sort());
  });

  it('has the three demo logins with their passwords', () => {
    const login = (email: string) => users.find((u) => u.email === email);
    expect(login('admin@afya.test')).toMatchObject({ role: 'admin', password: 'Admin#2026' });
    expect(login('patient@afya.test')).toMatchObject({ role: 'user', password: 'Patient#2026' });
    expect(login('dr.wanjiku@afya.test')).toMatchObject({ role: 'doctor', password: 'Doctor#2026', firstname: 'Grace', lastname: 'Wanjiku', specialization: 'Cardiology' });
    expect(login('patient@afya.test').address).toMatch(/Nairobi/);
  });

  it('has at least one approved doctor for each of the 12 specialties', () => {
    for (const s of SPECIALTIES) expect([s, doctors.filter((d) => d.specialization === s && d.approved !== false).length > 0]).toEqual([s, true]);
    for (const d of doctors) expect(SPECIALTIES).toContain(d.specialization);
  });

  it('passes the registration rules of CONTRACT.md (names, phone, address, password) with Kenyan phones and Ksh fees', () => {
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    for (const u of users) {
      expect(u.email).toMatch(/^[a-z0-9.]+@afya\.test$/);
      expect(u.firstname.length).toBeGreaterThanOrEqual(2);
      expect(u.lastname.length).toBeGreaterThanOrEqual(2);
      expect(u.password.length).toBeGreaterThanOrEqual(6);
      expect(u.contact_phone).toMatch(/^\+254[17]\d{8}$/);
      expect(u.address.length).toBeGreaterThanOrEqual(10);
      expect(['user', 'doctor', 'admin']).toContain(u.role);
    }
    for (const d of doctors) {
      expect(Number.isInteger(d.fee)).toBe(true);
      expect(d.fee).toBeGreaterThanOrEqual(1500);
      expect(d.fee).toBeLessThanOrEqual(5000);
      expect(d.available_days.length).toBeGreaterThan(0);
      for (const day of d.available_days) expect(days).toContain(day);
    }
  });
});

describe('JWT keys', () => {
  it('generates an RSA-2048 pair once, 0600 files in a 0700 folder, and keeps it afterwards', () => {
    const dir = path.join(tmp(), 'keys');
    const first = ensureJwtKeys(dir);
    expect(first.created).toBe(true);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(first.privateKeyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(first.publicKeyFile).mode & 0o777).toBe(0o600);
    const key = crypto.createPrivateKey(fs.readFileSync(first.privateKeyFile));
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails!.modulusLength).toBe(2048);
    const signature = crypto.sign('sha256', Buffer.from('afya'), key);
    expect(crypto.verify('sha256', Buffer.from('afya'), crypto.createPublicKey(fs.readFileSync(first.publicKeyFile)), signature)).toBe(true);

    const pem = fs.readFileSync(first.privateKeyFile, 'utf8');
    expect(ensureJwtKeys(dir).created).toBe(false);
    expect(fs.readFileSync(first.privateKeyFile, 'utf8')).toBe(pem);

    fs.writeFileSync(first.privateKeyFile, 'garbage');
    expect(ensureJwtKeys(dir).created).toBe(true);
    expect(fs.readFileSync(first.privateKeyFile, 'utf8')).not.toBe(pem);
  });
});
