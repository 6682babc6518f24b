// The bench's own shutdown (shutdown.js), on stand-in scripts (no platform: the whole bench stopped by SIGTERM is
// infra/reliability/bench-shutdown.reliability.ts): a signal or a failure stops every child it tracks, and the
// children those started; readiness waits fail with what they waited for.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SHUTDOWN = path.join(__dirname, 'shutdown.js');
const MARK_KEY = 'AFYA_BENCH_SHUTDOWN_SPEC';

/** Live processes whose environment carries `mark` (every descendant inherits it, whatever its process group). */
function marked(mark: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`${MARK_KEY}=${mark}`)) continue;
      if (fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')) continue;
      found.push(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim());
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

/**
 * A bench-like script: runMain(main) where main starts a tracked child (its own group) that starts a grandchild, says
 * "started", then fails (MODE=fail) or waits to be stopped.
 */
const script = `
const { runMain, spawnTracked, readyLine } = require(${JSON.stringify(SHUTDOWN)});
runMain(async () => {
  const child = spawnTracked('a child with a grandchild', process.execPath, ['-e',
    "require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000); console.log('ready')"],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  await readyLine(child);
  console.log('started');
  if (process.env.MODE === 'fail') throw new Error('a section failed');
  await new Promise(() => undefined);
}, 'stand-in');
`;

function runScript(mode: 'fail' | 'wait') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shutdown-'));
  const file = path.join(dir, 'stand-in.js');
  fs.writeFileSync(file, script);
  const mark = `${process.pid}-${mode}-${Date.now()}`;
  const child = spawn(process.execPath, [file], { env: { ...process.env, [MARK_KEY]: mark, MODE: mode }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (c) => (out.stdout += c));
  child.stderr.on('data', (c) => (out.stderr += c));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const started = new Promise<void>((resolve) => child.stdout.on('data', () => out.stdout.includes('started') && resolve()));
  return { child, mark, out, exited, started, cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe('the bench shutdown', () => {
  it('on SIGTERM stops every tracked child and what it started, then exits 143', async () => {
    const run = runScript('wait');
    try {
      await run.started;
      expect(marked(run.mark)).toHaveLength(3); // the script, its child, the grandchild
      run.child.kill('SIGTERM');
      expect(await run.exited).toEqual({ code: 143, signal: null });
      expect(await eventually(() => marked(run.mark).length === 0)).toBe(true);
      expect(run.out.stderr).toContain('stand-in: SIGTERM, stopping everything it started');
    } finally {
      run.cleanUp();
    }
  });

  it('on a failure stops every tracked child and what it started, then exits 1 with the error', async () => {
    const run = runScript('fail');
    try {
      expect(await run.exited).toEqual({ code: 1, signal: null });
      expect(run.out.stdout).toContain('started');
      expect(run.out.stderr).toContain('a section failed');
      expect(await eventually(() => marked(run.mark).length === 0)).toBe(true);
    } finally {
      run.cleanUp();
    }
  });

  it("fails a server's readiness wait that cannot be met, naming the server", async () => {
    const { startBareHttp } = require('./lib');
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      await expect(startBareHttp(port)).rejects.toThrow(`bare node:http server on port ${port} exited before it was ready (exit code 1)`);
    } finally {
      taken.close();
    }
  });

  it('names what a wait was for when its deadline passes', async () => {
    const { withDeadline } = require('./shutdown');
    await expect(withDeadline(new Promise(() => undefined), 50, 'the reporting consumer to drain')).rejects.toThrow(
      'timed out after 50 ms waiting for the reporting consumer to drain',
    );
  });
});
