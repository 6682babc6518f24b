// `npm run bench` stopped mid-run leaves nothing behind (issue 28): the runner (infra/bench/run.js) is started with a
// small configuration (the reporting section only, 1,000 appointments, 1 s per path) on its own ports, and sent
// SIGTERM while reporting.bench.js, its child, is measuring. Everything of the bench carries a marker in its
// environment (every child inherits it, whatever process group it is in), so what is left is found in /proc even
// after the runner is gone: nothing may be, and the ports it listened on must be free.
// Ports: BENCH_SHUTDOWN_PORT (3176; the runner's bare server on +99, the child's on +9), BENCH_SHUTDOWN_NATS_PORT (4256).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const PORT = Number(process.env.BENCH_SHUTDOWN_PORT || 3176);
const NATS_PORT = Number(process.env.BENCH_SHUTDOWN_NATS_PORT || 4256);
const MARK_KEY = 'AFYA_BENCH_SHUTDOWN_TEST';
const MARK = `${process.pid}-${Date.now()}`;
const RUNNER = path.resolve(__dirname, '../bench/run.js');

interface Marked {
  pid: number;
  cmd: string;
}

/** Every process on the machine whose environment has this run's marker. */
function markedProcesses(): Marked[] {
  const found: Marked[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`${MARK_KEY}=${MARK}`)) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.split(') ')[1]?.startsWith('Z')) continue; // a zombie has exited; only its parent's wait is missing
      found.push({ pid: Number(entry), cmd: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Resolves with the stderr seen so far once `pattern` appears in it; fails when the runner exits or after timeoutMs. */
function waitForOutput(child: ChildProcess, output: { text: string }, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no ${pattern} from the bench within ${timeoutMs / 1000} s; its output:\n${output.text.slice(-4000)}`)), timeoutMs);
    const onData = () => {
      if (pattern.test(output.text)) finish();
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`the bench exited (${signal ?? code}) before ${pattern}; its output:\n${output.text.slice(-4000)}`));
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.stderr!.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
    onData();
  });
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('npm run bench, stopped by SIGTERM mid-run', () => {
  let runner: ChildProcess | null = null;

  afterAll(() => {
    // Should the bench fail to clean up, the test's failure says so; the machine is not left with its leftovers.
    for (const { pid } of markedProcesses()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });

  it('stops its platform, servers and child scripts, and frees its ports', async () => {
    const output = { text: '' };
    // As an operator runs it: no platform given (BENCH_URL), and not the jest run's NATS (the runner provides its own).
    const { BENCH_URL: _url, NATS_URL: _nats, AFYA_NATS_USERS_FILE: _users, ...env } = process.env;
    runner = spawn(process.execPath, [RUNNER], {
      env: {
        ...env,
        [MARK_KEY]: MARK,
        BENCH_PORT: String(PORT),
        AFYA_NATS_PORT: String(NATS_PORT),
        BENCH_SECTIONS: 'reporting',
        BENCH_REPORTING_SCALE: '0.001',
        BENCH_DURATION: '1',
        REPORTING_BENCH_CONNECTIONS: '2',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    runner.stderr!.setEncoding('utf8');
    runner.stderr!.on('data', (chunk: string) => (output.text += chunk));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => runner!.once('exit', (code, signal) => resolve({ code, signal })));

    // Mid-run: the platform is up, the seed is done, and the child reporting.bench.js is measuring against its own bare server.
    await waitForOutput(runner, output, /\[reporting bench\] bare node:http hello: p99/, 200_000);
    const before = markedProcesses();
    const has = (what: RegExp) => before.some((p) => what.test(p.cmd));
    expect({
      gateway: has(/gateway\/dist\/src\/main\.js/),
      services: ['auth', 'appointment', 'payment', 'prescription', 'reporting', 'support'].filter((s) => has(new RegExp(`services/${s}/dist/src/main\\.js`))).length,
      childScript: has(/infra\/bench\/reporting\.bench\.js/),
      bareServers: before.filter((p) => /createServer/.test(p.cmd)).length,
    }).toEqual({ gateway: true, services: 6, childScript: true, bareServers: 2 });
    const ports = [PORT, PORT + 99, PORT + 9];
    expect(await Promise.all(ports.map(listening))).toEqual([true, true, true]);
    const natsOurs = await listening(NATS_PORT); // the runner starts its own NATS unless the local one has bus users

    const signalled = Date.now();
    runner.kill('SIGTERM');
    let hung: NodeJS.Timeout | undefined;
    const exit = await Promise.race([exited, new Promise<'hung'>((resolve) => (hung = setTimeout(() => resolve('hung'), 60_000)))]);
    clearTimeout(hung);
    const startUp = /platform up at \S+ in \d+ s/.exec(output.text)?.[0];
    process.stdout.write(`bench shutdown: ${before.length} processes mid-run (${startUp}); the runner ${exit === 'hung' ? 'did not exit' : `exited ${((Date.now() - signalled) / 1000).toFixed(1)} s after SIGTERM`}\n`);

    // Nothing of it is left (a few ms may pass between a child's exit and /proc forgetting it), its ports are free,
    // and it said why it stopped and exited as a process stopped by SIGTERM does.
    await waitUntil(() => markedProcesses().length === 0, 5000);
    expect(markedProcesses()).toEqual([]);
    const stillOpen = await Promise.all([...ports, ...(natsOurs ? [NATS_PORT] : [])].map(async (port) => ((await listening(port)) ? port : null)));
    expect(stillOpen.filter((port) => port !== null)).toEqual([]);
    expect(exit).toEqual({ code: 143, signal: null });
    expect(output.text).toMatch(/run\.js: SIGTERM, stopping everything it started/);
  }, 300_000);
});
