// startPlatform end to end on a fake repository: tiny stand-ins for the services, their migrations and
// seeds, and the gateway record what they were given. Real PostgreSQL/NATS detection runs (local servers
// when they answer, embedded otherwise). Also: the embedded fallbacks themselves, child supervision,
// and the clean-up of a killed runner's leftovers.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { Client } from 'pg';

const { startPlatform } = require('./platform');
const { providePostgres } = require('./postgres');
const { provideNats, findNatsBinary } = require('./nats');
const { ProcessGroup } = require('./processes');
const { RunRegistry, isAlive } = require('./leftovers');
const probes = require('./probes');

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'afya-platform-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

/** A stand-in process: appends what it was started with to $AFYA_TEST_LOG. */
const record = (what: string) => `
const fs = require('fs');
const log = (line) => fs.appendFileSync(process.env.AFYA_TEST_LOG, JSON.stringify(line) + '\\n');
const pick = (k) => process.env[k];
log({ what: ${JSON.stringify(what)}, pid: process.pid, env: {
  DATABASE_URL: pick('DATABASE_URL'), NATS_URL: pick('NATS_URL'), AFYA_BUS: pick('AFYA_BUS'), PORT: pick('PORT'),
  JWT_PRIVATE_KEY_FILE: pick('JWT_PRIVATE_KEY_FILE'), DB_MIGRATE_ON_START: pick('DB_MIGRATE_ON_START'),
  AFYA_DEMO_DATA: pick('AFYA_DEMO_DATA'), STATIC_SHELL_DIR: pick('STATIC_SHELL_DIR'), STATIC_MFE_DIRS: pick('STATIC_MFE_DIRS') } });
`;
const longRunning = (name: string) => `${record(`start ${name}`)}
process.on('SIGTERM', () => { log({ what: 'stop ${name}' }); process.exit(0); });
setInterval(() => {}, 1000);
`;

function fakeRepo({ gatewayDies = false } = {}): string {
  const root = tmp();
  for (const name of ['auth', 'appointment']) {
    const dist = path.join(root, 'services', name, 'dist', 'src');
    write(path.join(dist, 'main.js'), `${longRunning(name)}\nsetTimeout(() => console.log('${name} service listening on NATS'), 200);\n`);
    write(path.join(dist, 'migrate.js'), `${record(`migrate ${name}`)}\nconsole.log('${name}: schema up to date');\n`);
  }
  write(
    path.join(root, 'services', 'auth', 'dist', 'src', 'seed.js'),
    `${record('seed auth')}
const data = JSON.parse(fs.readFileSync(process.env.AFYA_DEMO_DATA, 'utf8'));
console.log('seeding demo users');
console.log(JSON.stringify({ users: data.users.map((u, i) => ({ user_id: i + 1, email: u.email, role: u.role, firstname: u.firstname, lastname: u.lastname, contact_phone: u.contact_phone })) }));
`,
  );
  write(
    path.join(root, 'services', 'appointment', 'dist', 'src', 'seed.js'),
    `${record('seed appointment')}
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => { log({ what: 'appointment seed input', input }); });
`,
  );
  write(
    path.join(root, 'gateway', 'dist', 'src', 'main.js'),
    gatewayDies
      ? `${record('start gateway')}\nconsole.error('Error: cannot find module @nestjs/core');\nprocess.exit(1);\n`
      : `${longRunning('gateway')}
require('http').createServer((req, res) => {
  if (req.url === '/api/health') { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ status: 'ok' })); }
  else { res.statusCode = 404; res.end(); }
}).listen(Number(process.env.PORT), '0.0.0.0');
`,
  );
  write(path.join(root, 'shell', 'dist', 'index.html'), '<html></html>');
  write(path.join(root, 'mfe-patient', 'dist', 'release.json'), '{}');
  return root;
}

const readLog = (file: string): any[] =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];

describe('startPlatform on a fake repository', () => {
  it('migrates, starts auth first, then the other services and the gateway, seeds, and stops everything', async () => {
    const root = fakeRepo();
    const localDir = path.join(root, '.local');
    const logFile = path.join(root, 'log.jsonl');
    const port = await probes.freePort();
    const platform = await startPlatform({ root, port, quiet: true, localDir, env: { ...process.env, AFYA_TEST_LOG: logFile, AFYA_BUS: '' } });
    try {
      expect(platform.url).toBe(`http://localhost:${port}`);
      expect(platform.banner).toMatch(new RegExp(`Afya is running at http://localhost:${port}`));
      expect(platform.banner).toMatch(/Demo data: +15 users, 13 doctor profiles/);
      const health = await probes.httpGet(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);

      const log = readLog(logFile);
      const order = log.map((l) => l.what).filter((w) => /^(migrate|start|seed) /.test(w));
      expect(order).toEqual(['migrate auth', 'migrate appointment', 'start auth', 'start appointment', 'start gateway', 'seed auth', 'seed appointment']);
      const entry = (what: string) => log.find((l) => l.what === what);

      const auth = entry('start auth').env;
      expect(auth.JWT_PRIVATE_KEY_FILE).toBe(path.join(localDir, 'keys', 'jwt-private.pem'));
      expect(fs.statSync(auth.JWT_PRIVATE_KEY_FILE).mode & 0o777).toBe(0o600);
      expect(auth.DATABASE_URL).toBe(platform.databaseUrl);
      expect(auth.NATS_URL).toBe(platform.natsUrl);
      expect(auth.AFYA_BUS).toBe('afya');
      expect(auth.DB_MIGRATE_ON_START).toBe('false'); // its migrate.js ran first
      expect(auth.PORT).toBeUndefined();
      expect(entry('start appointment').env.JWT_PRIVATE_KEY_FILE).toBeUndefined(); // only auth holds the key

      const gateway = entry('start gateway').env;
      expect(gateway.PORT).toBe(String(port));
      expect(gateway.STATIC_SHELL_DIR).toBe(path.join(root, 'shell', 'dist'));
      expect(gateway.STATIC_MFE_DIRS).toBe(`patient=${path.join(root, 'mfe-patient', 'dist')}`);

      expect(entry('seed auth').env.AFYA_DEMO_DATA).toBe(path.join(__dirname, 'demo-data.json'));
      const handedOver = JSON.parse(entry('appointment seed input').input);
      expect(handedOver.users).toHaveLength(15);
      expect(handedOver.users.find((u: any) => u.email === 'dr.wanjiku@afya.test')).toMatchObject({ role: 'doctor', firstname: 'Grace' });
    } finally {
      await platform.stop();
    }
    const log = readLog(logFile);
    const pids = log.filter((l) => /^start /.test(l.what)).map((l) => l.pid);
    expect(pids.filter(isAlive)).toEqual([]);
    const stops = log.map((l) => l.what).filter((w) => w.startsWith('stop '));
    expect(stops[0]).toBe('stop gateway'); // the gateway goes first, then the services
    expect(stops.sort()).toEqual(['stop appointment', 'stop auth', 'stop gateway']);
    expect(await probes.tcpOpen('127.0.0.1', port, 500)).toBe(false);
  });

  it('fails clearly when the gateway dies at start-up, and stops the services it had started', async () => {
    const root = fakeRepo({ gatewayDies: true });
    const logFile = path.join(root, 'log.jsonl');
    const port = await probes.freePort();
    await expect(
      startPlatform({ root, port, quiet: true, localDir: path.join(root, '.local'), env: { ...process.env, AFYA_TEST_LOG: logFile } }),
    ).rejects.toThrow(/the gateway exited \(exit code 1\)[\s\S]*cannot find module @nestjs\/core/);
    const started = readLog(logFile).filter((l) => l.what === 'start auth' || l.what === 'start appointment');
    expect(started).toHaveLength(2);
    expect(started.map((l) => l.pid).filter(isAlive)).toEqual([]);
  });

  it('refuses a port that is already taken, before starting anything', async () => {
    const root = fakeRepo();
    const busy = require('node:net').createServer().listen(0, '127.0.0.1');
    await new Promise((r) => busy.once('listening', r));
    try {
      await expect(startPlatform({ root, port: busy.address().port, quiet: true, localDir: path.join(root, '.local') })).rejects.toThrow(/already in use/);
    } finally {
      busy.close();
    }
  });
});

describe('embedded fallbacks', () => {
  const skip = process.env.AFYA_SKIP_EMBEDDED_TEST === '1';

  (skip ? it.skip : it)('starts an embedded PostgreSQL in a temp dir (AFYA_FORCE_EMBEDDED=pg), creates database afya for the platform role, and stops it', async () => {
    const localDir = tmp();
    const port = await probes.freePort();
    const processes = new ProcessGroup({ quiet: true });
    const pg = await providePostgres({ env: { AFYA_FORCE_EMBEDDED: 'pg' }, localDir, processes, embeddedPort: port });
    try {
      expect(pg.mode).toBe('embedded');
      // The services connect as the platform's own role, with its password, not as the embedded superuser.
      const password = JSON.parse(fs.readFileSync(path.join(localDir, 'pg-platform-role.json'), 'utf8')).password;
      expect(pg.url).toBe(`postgres://afya_platform:${password}@127.0.0.1:${port}/afya`);
      expect(fs.existsSync(path.join(localDir, 'pg', 'PG_VERSION'))).toBe(true);
      const client = new Client({ connectionString: pg.url });
      await client.connect();
      const { rows } = await client.query('SELECT current_database() AS db, current_user AS user, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser');
      await client.end();
      expect(rows[0]).toEqual({ db: 'afya', user: 'afya_platform', superuser: false });
    } finally {
      await pg.stop();
      await processes.stopAll();
    }
    expect(await probes.tcpOpen('127.0.0.1', port, 500)).toBe(false);
  });

  const natsBinary = findNatsBinary();
  (natsBinary ? it : it.skip)('spawns nats-server with JetStream when asked (AFYA_FORCE_EMBEDDED=nats), and stops it', async () => {
    const localDir = tmp();
    const port = await probes.freePort();
    const processes = new ProcessGroup({ quiet: true });
    const nats = await provideNats({ env: { AFYA_FORCE_EMBEDDED: 'nats' }, localDir, processes, spawnPort: port });
    try {
      expect(nats).toMatchObject({ mode: 'spawned', url: `nats://127.0.0.1:${port}` });
      expect(await probes.probeNats('127.0.0.1', port)).toMatchObject({ ok: true, jetstream: true });
    } finally {
      await nats.stop();
      await processes.stopAll();
    }
    expect(await probes.tcpOpen('127.0.0.1', port, 500)).toBe(false);
  });

  it('says exactly what to install when no NATS can be had', async () => {
    const closed = await probes.freePort();
    await expect(
      provideNats({ env: {}, localDir: tmp(), processes: new ProcessGroup({ quiet: true }), localPort: closed, findBinary: () => null }),
    ).rejects.toThrow(/apt-get install -y nats-server[\s\S]*NATS_URL=/);
  });
});

describe('ProcessGroup', () => {
  it('prefixes lines, resolves ready on the pattern, and reports an unexpected exit with its last lines', async () => {
    const lines: string[] = [];
    const exits: string[] = [];
    const group = new ProcessGroup({ print: (l: string) => lines.push(l), onUnexpectedExit: (c: any) => exits.push(c.name) });
    const child = group.start('svc', process.execPath, ['-e', "console.log('hello'); console.log('svc listening'); setTimeout(() => { console.error('boom'); process.exit(3); }, 300)"], {
      readyPattern: /listening/,
    });
    await child.ready;
    await new Promise((r) => setTimeout(r, 800));
    expect(lines.some((l) => /\[svc\]\s+hello/.test(l))).toBe(true);
    expect(exits).toEqual(['svc']);
    expect(lines.join('\n')).toMatch(/svc exited unexpectedly \(exit code 3\)[\s\S]*boom/);
    await group.stopAll();
  });

  it('rejects ready when the child exits first, and does not report a requested stop as unexpected', async () => {
    const lines: string[] = [];
    const group = new ProcessGroup({ print: (l: string) => lines.push(l) });
    const early = group.start('early', process.execPath, ['-e', "console.log('bad config'); process.exit(2)"], { readyPattern: /listening/ });
    await expect(early.ready).rejects.toThrow(/early exited before it was ready \(exit code 2\)[\s\S]*bad config/);
    const calm = group.start('calm', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    lines.length = 0;
    await group.stopAll(3000);
    expect(calm.exited).toBeTruthy();
    expect(lines.join('\n')).not.toMatch(/unexpectedly/);
  });
});

describe('ProcessGroup log files', () => {
  it('writes each child\'s lines to <logDir>/<name>.log, and keeps a command\'s data stdout out of them', async () => {
    const logDir = path.join(tmp(), 'logs');
    const group = new ProcessGroup({ quiet: true, logDir });
    const child = group.start('svc', process.execPath, ['-e', 'console.log(JSON.stringify({ level: "info", msg: "svc listening" })); console.error("on stderr"); setInterval(() => {}, 1000)'], {
      readyPattern: /listening/,
    });
    await child.ready;
    const seed = await group.run('auth:seed', process.execPath, ['-e', 'console.log(JSON.stringify({ users: [{ contact_phone: "0712000000" }] })); console.error("seeded")'], { stdoutIsData: true });
    expect(seed.stdout).toContain('0712000000');
    await group.stopAll(3000);
    expect(fs.readFileSync(path.join(logDir, 'svc.log'), 'utf8')).toBe('{"level":"info","msg":"svc listening"}\non stderr\n');
    expect(fs.readFileSync(path.join(logDir, 'auth.seed.log'), 'utf8')).toBe('seeded\n');
  });
});

describe('ProcessGroup restarts', () => {
  it('restarts a crashed child with a doubling backoff, says so, and stops cleanly', async () => {
    const lines: string[] = [];
    const group = new ProcessGroup({ print: (l: string) => lines.push(l), reportExits: true });
    // Dies 100 ms after it is ready, three runs in a row; the fourth run stays up.
    const marker = path.join(tmp(), 'runs');
    const script = `const fs=require('fs');const n=(fs.existsSync(${JSON.stringify(marker)})?Number(fs.readFileSync(${JSON.stringify(marker)},'utf8')):0)+1;
fs.writeFileSync(${JSON.stringify(marker)},String(n));console.log('svc listening run '+n);
if(n<4)setTimeout(()=>process.exit(9),100);else setInterval(()=>{},1000);`;
    const child = group.start('svc', process.execPath, ['-e', script], { readyPattern: /listening/, restart: true, restartBaseMs: 50 });
    await child.ready;
    const deadline = Date.now() + 15_000;
    while (!lines.some((l) => /svc is back after restart 3/.test(l)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const text = lines.join('\n');
    expect(text).toMatch(/svc exited unexpectedly \(exit code 9\)[\s\S]*restarting svc in 0\.1 s \(restart 1/);
    expect(text).toMatch(/restarting svc in 0\.1 s \(restart 2/);
    expect(text).toMatch(/restarting svc in 0\.2 s \(restart 3/);
    expect(text).toMatch(/svc is back after restart 3/);
    expect(child.restarts).toBe(3);
    await group.stopAll(3000);
    expect(child.exited).toBeTruthy();
  });
});

describe('leftovers of a killed runner', () => {
  it('stops the children a dead runner recorded, and only processes still running the recorded command', async () => {
    const localDir = tmp();
    const orphan = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const stranger = spawn('sleep', ['31'], { detached: true, stdio: 'ignore' });
    const deadRunner = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => deadRunner.once('exit', r));
    fs.mkdirSync(path.join(localDir, 'run'), { recursive: true });
    fs.writeFileSync(
      path.join(localDir, 'run', `${deadRunner.pid}.json`),
      JSON.stringify({ runner: deadRunner.pid, children: [{ name: 'auth', pid: orphan.pid, match: 'sleep 30' }, { name: 'nats', pid: stranger.pid, match: 'nats-server -js' }] }),
    );
    const live = new RunRegistry(localDir);
    live.add('gateway', process.pid, ['node', 'gateway']); // our own record is never touched
    const stopped = RunRegistry.cleanUp(localDir);
    expect(stopped).toEqual([{ name: 'auth', pid: orphan.pid }]);
    await new Promise((r) => orphan.once('exit', r));
    expect(isAlive(stranger.pid)).toBe(true); // pid reused by something else: left alone
    stranger.kill();
    expect(fs.existsSync(path.join(localDir, 'run', `${deadRunner.pid}.json`))).toBe(false);
    expect(fs.existsSync(path.join(localDir, 'run', `${process.pid}.json`))).toBe(true);
    live.clear();
  });
});
