'use strict';
// The whole platform on one machine: PostgreSQL + NATS (found or started), JWT keys, migrations,
// every built service (auth first), the gateway serving /api and the built frontends, demo data.
// `npm start` runs it through start.js; browser tests call startPlatform({port: 3100, quiet: true}).
const fs = require('node:fs');
const path = require('node:path');
const {
  REPO_ROOT,
  DEFAULTS,
  staticEnv,
  discoverServices,
  discoverGateway,
  parseSeedOutput,
  readDemoData,
  demoLogins,
  parsePort,
  formatBanner,
} = require('./config');
const { tcpOpen, waitForHttpOk, httpGet, freePort } = require('./probes');
const { ensureJwtKeys } = require('./keys');
const { ProcessGroup, describeExit } = require('./processes');
const { RunRegistry, waitForExit } = require('./leftovers');
const { providePostgres } = require('./postgres');
const { provideNats, withTimeout } = require('./nats');
const { provideSandboxes, provideMailInbox } = require('../sandboxes');

const DEMO_DATA_FILE = path.join(__dirname, 'demo-data.json');
const SERVICE_READY = /listening/i;

/**
 * @param {object}  [options]
 * @param {number}  [options.port]      gateway port (default env PORT, else 3000)
 * @param {boolean} [options.quiet]     no child logs on stdout (they are kept and shown when something fails)
 * @param {object}  [options.env]       base environment (default process.env)
 * @param {string}  [options.localDir]  where keys, embedded PostgreSQL and NATS data live (default <repo>/.local, env AFYA_LOCAL_DIR)
 * @param {boolean} [options.seed]      seed demo data (default true unless env AFYA_SEED=false)
 * @param {string}  [options.root]      repository root (default this checkout)
 * @param {(line: string) => void} [options.print]  output sink (default stdout)
 * @param {AbortSignal} [options.signal]  aborts the start-up (Ctrl-C while starting): what was started is stopped
 * @returns {Promise<{url: string, port: number, databaseUrl: string, natsUrl: string, natsUsersFile: string, bus: string, banner: string, stop: () => Promise<void>}>}
 *   natsUsersFile: the bus users' passwords ({users: {<user>: {user, password}}}) for a tool that joins its bus (e.g. as ops)
 */
async function startPlatform(options = {}) {
  const env = options.env || process.env;
  const root = options.root || REPO_ROOT;
  const quiet = Boolean(options.quiet);
  const print = options.print || ((line) => process.stdout.write(`${line}\n`));
  const log = (line) => {
    if (!quiet) print(`[afya] ${line}`);
  };
  const verbose = env.AFYA_VERBOSE === '1';
  const port = parsePort(options.port ?? env.PORT, DEFAULTS.port);
  const url = `http://localhost:${port}`;
  const localDir = path.resolve(options.localDir || env.AFYA_LOCAL_DIR || path.join(root, '.local'));
  const seed = options.seed ?? env.AFYA_SEED !== 'false';
  const demoDataFile = env.AFYA_DEMO_DATA ? path.resolve(env.AFYA_DEMO_DATA) : DEMO_DATA_FILE;
  const demoData = readDemoData(demoDataFile);

  fs.mkdirSync(localDir, { recursive: true, mode: 0o755 });
  const leftovers = RunRegistry.cleanUp(localDir);
  if (leftovers.length) {
    log(`stopping leftovers of a runner that was killed: ${leftovers.map((l) => `${l.name} (pid ${l.pid})`).join(', ')}`);
    await waitForExit(leftovers.map((l) => l.pid));
  }
  const gateway = discoverGateway(root);
  if (gateway && (await tcpOpen('127.0.0.1', port, 500))) {
    throw new Error(`port ${port} is already in use (another npm start?). Stop it or choose another port: PORT=3001 npm start`);
  }

  // Every child's JSON lines also go to <localDir>/logs/<name>.log; the previous run's logs move to logs.previous.
  const logDir = path.join(localDir, 'logs');
  rotateLogs(logDir);
  const processes = new ProcessGroup({ quiet, print, registry: new RunRegistry(localDir), reportExits: false, logDir });
  const { signal } = options;
  const interrupted = new Promise((_, reject) => {
    if (!signal) return;
    const fail = () => reject(Object.assign(new Error('start-up interrupted'), { name: 'AbortError' }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  interrupted.catch(() => undefined);
  /** Waits for a step, unless the start-up is interrupted first. */
  const step = (promise) => {
    promise.catch(() => undefined); // when interrupted, its late failure is expected, not unhandled
    return Promise.race([promise, interrupted]);
  };
  let postgres = null;
  let nats = null;
  let sandboxes = null;
  let mailInbox = null;
  const running = { services: [], gateway: null };
  let stopping = null;
  const stop = () => {
    if (!stopping) {
      stopping = (async () => {
        processes.stopping = true;
        if (running.gateway) await running.gateway.stop(10000);
        await Promise.all(running.services.map((s) => s.stop(10000)));
        if (sandboxes) await sandboxes.close();
        if (mailInbox) await mailInbox.close();
        if (nats) await nats.stop();
        if (postgres) await postgres.stop();
        await processes.stopAll(10000); // whatever is left (e.g. a server that was still starting)
      })();
    }
    return stopping;
  };

  try {
    postgres = await step(providePostgres({ env, localDir, processes, log, verbose }));
    log(`logs (one JSON line per event): ${logDir}/<name>.log`);
    log(`PostgreSQL: ${postgres.describe}`);
    nats = await step(provideNats({ env, localDir, root, processes, log, verbose }));
    log(`NATS: ${nats.describe}`);

    const keys = ensureJwtKeys(path.join(localDir, 'keys'));
    log(`JWT keys: ${keys.created ? 'generated' : 'reusing'} ${keys.privateKeyFile}`);

    // Stripe and Daraja sandboxes (infra/sandboxes): the payment service's providers unless real ones are configured.
    sandboxes = await step(provideSandboxes({ env, gatewayUrl: url, log }));
    if (sandboxes) log(`provider sandboxes: ${sandboxes.describe}`);
    // Email goes over SMTP to SMTP_URL, else to a local MailDev whose web inbox shows what was sent.
    mailInbox = await step(provideMailInbox({ env }));
    if (mailInbox) log(`email: SMTP ${mailInbox.smtpUrl}, inbox ${mailInbox.webUrl}`);

    const baseEnv = {
      ...(sandboxes ? sandboxes.env : {}),
      ...(mailInbox ? { SMTP_URL: mailInbox.smtpUrl } : {}),
      ...env,
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      AFYA_BUS: env.AFYA_BUS || 'afya',
      AFYA_DEMO_DATA: demoDataFile,
    };
    delete baseEnv.PORT; // only the gateway listens on HTTP
    // Each process is its own bus user (NATS_USER/NATS_PASSWORD, infra/nats/bus-users.js); a test's users file is not passed on.
    delete baseEnv.AFYA_NATS_USERS_FILE;
    const envFor = (name, extra = {}) => ({
      ...baseEnv,
      ...nats.credentials(name),
      ...(name === 'auth' ? { JWT_PRIVATE_KEY_FILE: keys.privateKeyFile } : {}),
      ...extra,
    });

    // AFYA_NODE_ARGS: extra node flags for the gateway and the services, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
    // to profile them under `npm run bench` (infra/bench/README.md). --no-warnings: Node prints its warnings (e.g.
    // require() of NestJS's ES modules) as plain text; our logger writes them as JSON lines instead.
    const nodeArgs = ['--no-warnings', ...(env.AFYA_NODE_ARGS || '').split(/\s+/).filter(Boolean)];

    const services = discoverServices(root);
    if (!services.length) log('no built services found (services/*/dist/src/main.js): run `npm run build` first');

    // The JetStream streams, declared in services/shared/src/events/streams.ts, like the cluster's streams-apply Job:
    // services only check that they exist.
    const eventsCli = path.join(root, 'services/shared/dist/events/events-cli.js');
    if (services.length && fs.existsSync(eventsCli)) {
      const result = await step(processes.run('streams:apply', process.execPath, [eventsCli, 'streams', 'apply'], { cwd: root, env: envFor('ops') }));
      if (result.code !== 0) throw new Error(`streams apply failed (${describeExit(result)}):\n${result.tail}`);
    }

    // Migrations first, like the cluster's migration Jobs: a broken migration stops here, clearly.
    for (const service of services.filter((s) => s.migrate)) {
      const result = await step(processes.run(`${service.name}:migrate`, process.execPath, ['--no-warnings', service.migrate], {
        cwd: service.dir,
        env: envFor(service.name),
      }));
      if (result.code !== 0) {
        throw new Error(`${service.name} migrations failed (${describeExit(result)}):\n${result.tail}`);
      }
    }

    // A service is ready when it logs "listening", or when its ops port's /health/ready says so: with LOG_LEVEL above
    // info (the bench runs warn) that line is never written, and waiting 60 s for it cost each bench start two minutes.
    const startService = async (service) => {
      const opsPort = await freePort();
      const child = processes.start(service.name, process.execPath, [...nodeArgs, service.main], {
        cwd: service.dir,
        env: envFor(service.name, { DB_MIGRATE_ON_START: service.migrate ? 'false' : baseEnv.DB_MIGRATE_ON_START || 'true', OPS_PORT: String(opsPort), OPS_HOST: '127.0.0.1' }),
        readyPattern: SERVICE_READY,
        restart: env.AFYA_RESTART !== 'false', // a crashed service comes back with backoff (processes.js)
      });
      running.services.push(child);
      const probe = { stopped: false };
      try {
        await step(withTimeout(Promise.race([child.ready, answersReady(`http://127.0.0.1:${opsPort}/health/ready`, child, probe)]), 60000, 'timeout'));
      } catch (error) {
        if (error.message !== 'timeout') throw error;
        log(`warning: ${service.name} neither logged "listening" nor answered ready on its ops port within 60 s; going on`);
      } finally {
        probe.stopped = true;
      }
    };
    const [first, ...rest] = services;
    if (first) await startService(first); // auth first: the gateway asks it for the public key
    await Promise.all(rest.map(startService));

    if (gateway) {
      const statics = staticEnv(root);
      if (statics.missing.length) log(`frontends not built yet: ${statics.missing.join(', ')}`);
      const child = processes.start('gateway', process.execPath, [...nodeArgs, gateway.main], {
        cwd: gateway.dir,
        env: { ...baseEnv, ...nats.credentials('gateway'), ...statics.env, PORT: String(port) },
        restart: env.AFYA_RESTART !== 'false',
      });
      running.gateway = child;
      await step(waitForHttpOk(`http://127.0.0.1:${port}/api/health`, {
        timeoutMs: 90000,
        shouldStop: () => (child.exited ? `the gateway exited (${describeExit(child.exited)}):\n${child.tail()}` : null),
      }));
      log(`gateway answers ${url}/api/health`);
    } else {
      log('no built gateway found (gateway/dist/src/main.js): nothing serves HTTP yet');
    }

    const seeded = seed ? await step(seedDemoData({ services, processes, envFor, log })) : 'skipped (AFYA_SEED=false)';

    processes.reportExits = true; // from now on a child that dies is news: say so loudly
    const banner = formatBanner({
      url,
      postgres,
      nats,
      services: services.map((s) => s.name),
      gateway: Boolean(gateway),
      logins: demoLogins(demoData),
      missingFrontends: gateway ? staticEnv(root).missing : [],
      seeded,
      keepsRunning: processes.children.length > 0,
      messages: {
        inbox: mailInbox ? mailInbox.webUrl : null,
        sms: sandboxes ? `${sandboxes.sms.url}/messages` : null,
        ussd: sandboxes ? sandboxes.ussd.url : null,
        ussdCode: sandboxes ? sandboxes.ussd.serviceCode : null,
      },
    });
    return {
      url,
      port,
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      mailInbox,
      sandboxes,
      natsUsersFile: nats.usersFile,
      bus: baseEnv.AFYA_BUS,
      postgresMode: postgres.mode,
      natsMode: nats.mode,
      services: services.map((s) => s.name),
      gateway: Boolean(gateway),
      keepsRunning: processes.children.length > 0,
      banner,
      processes,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * Seeding protocol: auth's seed creates the demo users if missing and prints {"users":[...]};
 * appointment's seed reads that JSON on stdin and upserts approved doctor profiles. Both read the demo
 * data from AFYA_DEMO_DATA. A seed that is not built yet is skipped with a note.
 */
async function seedDemoData({ services, processes, envFor, log }) {
  const auth = services.find((s) => s.name === 'auth');
  if (!auth || !auth.seed) {
    log('seed: skipped, services/auth/dist/src/seed.js is not built yet');
    return 'not seeded (auth seed not built yet)';
  }
  // Its stdout is the users line for the next seed (phones included): data, not logs.
  const authRun = await processes.run('auth:seed', process.execPath, ['--no-warnings', auth.seed], { cwd: auth.dir, env: envFor('auth'), stdoutIsData: true });
  if (authRun.code !== 0) throw new Error(`auth seed failed (${describeExit(authRun)}):\n${authRun.tail}`);
  const users = parseSeedOutput(authRun.stdout);
  const summary = [`${users.users.length} users`];
  const appointment = services.find((s) => s.name === 'appointment');
  if (!appointment || !appointment.seed) {
    log('seed: doctor profiles skipped, services/appointment/dist/src/seed.js is not built yet');
    summary.push('no doctor profiles (appointment seed not built yet)');
  } else {
    const run = await processes.run('appointment:seed', process.execPath, ['--no-warnings', appointment.seed], {
      cwd: appointment.dir,
      env: envFor('appointment'),
      input: `${JSON.stringify(users)}\n`,
    });
    if (run.code !== 0) throw new Error(`appointment seed failed (${describeExit(run)}):\n${run.tail}`);
    summary.push(`${users.users.filter((u) => u.role === 'doctor').length} doctor profiles`);
  }
  log(`seed: ${summary.join(', ')}`);
  return summary.join(', ');
}

/**
 * Resolves once `url` (a service's /health/ready) answers 200 with status "ready"; never rejects (the log line or the
 * caller's deadline decides then). Polls until probe.stopped or the child exited.
 */
async function answersReady(url, child, probe) {
  while (!probe.stopped && !child.exited) {
    try {
      const { status, body } = await httpGet(url, 1000);
      if (status === 200 && JSON.parse(body).status === 'ready') return;
    } catch {
      /* not listening yet, or starting */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise(() => undefined);
}

/** Keeps one previous run's logs (logs.previous) and starts this run's afresh. */
function rotateLogs(logDir) {
  if (!fs.existsSync(logDir)) return;
  const previous = `${logDir}.previous`;
  fs.rmSync(previous, { recursive: true, force: true });
  fs.renameSync(logDir, previous);
}

module.exports = { startPlatform, seedDemoData, DEMO_DATA_FILE };
