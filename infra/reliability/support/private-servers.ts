// A private nats-server and a private PostgreSQL cluster for the fault suite, on their own ports and data
// directories: the faults (restart, stop) never touch the machine's shared servers other people use.
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareServerConfig, serverArgs } = require('../../nats/permissioned-server');

export function tcpOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Polls `condition` every `everyMs` until it holds; throws with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * With the bus permissions (infra/nats/bus-users.js) for `namespace`, like every nats-server the platform runs on;
 * `usersFile` holds the bus users' passwords (the platform's AFYA_NATS_USERS_FILE). A restart keeps them.
 */
export class PrivateNats {
  private proc: ChildProcess | null = null;
  readonly url: string;
  private readonly config: { configFile: string; usersFile: string; env: Record<string, string> };

  constructor(readonly port: number, namespace = '*', readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-fault-nats-'))) {
    this.url = `nats://127.0.0.1:${port}`;
    this.config = prepareServerConfig({ dir: path.join(dir, 'auth'), namespace });
  }

  get usersFile(): string {
    return this.config.usersFile;
  }

  async start(): Promise<void> {
    if (await tcpOpen(this.port)) throw new Error(`port ${this.port} is taken: the fault suite needs its own nats-server`);
    const args = serverArgs({ configFile: this.config.configFile, port: this.port, storeDir: path.join(this.dir, 'jetstream') });
    this.proc = spawn('nats-server', args, { stdio: 'ignore', env: { ...process.env, ...this.config.env } });
    await waitFor(`nats-server on ${this.port}`, () => tcpOpen(this.port), 15_000);
  }

  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for its port to close. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    this.proc = null;
  }

  /** Stops the server and removes its JetStream store. */
  async destroy(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (fs.existsSync(path.join(base, version, 'bin', 'pg_ctl'))) return path.join(base, version, 'bin');
  throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
}

/** PostgreSQL refuses to run as root: as root, its commands run as the system user "postgres". */
function asPostgres(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe', timeout: 60_000 });
}

export class PrivatePostgres {
  private readonly bin = postgresBin();
  readonly dir: string;
  readonly adminUrl: string;

  constructor(readonly port: number) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-fault-pg-'));
    this.adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  async init(): Promise<void> {
    if (await tcpOpen(this.port)) throw new Error(`port ${this.port} is taken: the fault suite needs its own PostgreSQL`);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', this.dir]);
    asPostgres(path.join(this.bin, 'initdb'), ['-D', path.join(this.dir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await this.start();
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=200 -c shared_buffers=64MB`;
    asPostgres(path.join(this.bin, 'pg_ctl'), ['-D', path.join(this.dir, 'data'), '-o', options, '-l', path.join(this.dir, 'log'), '-w', 'start']);
  }

  /** Fast shutdown: open sessions are terminated (57P01), as in a failover or a restart. */
  async stop(): Promise<void> {
    asPostgres(path.join(this.bin, 'pg_ctl'), ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    try {
      await this.stop();
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
