import { spawnSync } from 'node:child_process';
import { markShuttingDown, markStarted, readiness, registerHealthRoutes, registerReadinessCheck } from './health';
import { registerOpsRoute } from './ops-routes';
import { OpsServer, opsPortFromEnv, startOpsServer } from './ops-server';

describe('ops server and health routes', () => {
  let ops: OpsServer;
  let base: string;

  beforeAll(async () => {
    registerHealthRoutes();
    registerOpsRoute('/test/hello', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    });
    registerOpsRoute('/test/broken', () => {
      throw new Error('handler bug');
    });
    ops = (await startOpsServer({ port: 0, host: '127.0.0.1' }))!;
    base = `http://127.0.0.1:${ops.port}`;
  });

  afterAll(async () => {
    await ops.close();
  });

  it('is off unless OPS_PORT (or a port) is given, and rejects a bad OPS_PORT', async () => {
    expect(opsPortFromEnv(undefined)).toBeUndefined();
    expect(opsPortFromEnv('')).toBeUndefined();
    expect(opsPortFromEnv('9464')).toBe(9464);
    expect(() => opsPortFromEnv('http')).toThrow(/OPS_PORT/);
    await expect(startOpsServer({})).resolves.toBeNull();
  });

  it('serves registered routes by exact path (query ignored), 404 otherwise, GET/HEAD only, 500 on a throwing handler', async () => {
    const hello = await fetch(`${base}/test/hello?x=1`);
    expect([hello.status, await hello.text()]).toEqual([200, 'hello']);
    expect((await fetch(`${base}/test`)).status).toBe(404);
    expect((await fetch(`${base}/test/hello`, { method: 'POST' })).status).toBe(405);
    const broken = await fetch(`${base}/test/broken`);
    expect([broken.status, await broken.text()]).toEqual([500, 'handler bug\n']);
  });

  it('is not ready before the app started, then ready while every check passes, with the failing check named', async () => {
    const before = await fetch(`${base}/health/ready`);
    expect(before.status).toBe(503);
    expect(await before.json()).toMatchObject({ status: 'starting' });

    markStarted();
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);

    let databaseUp = false;
    const unregister = registerReadinessCheck('database', () => {
      if (!databaseUp) throw new Error('connection refused');
    });
    const down = await fetch(`${base}/health/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'not-ready', checks: { database: 'connection refused' } });
    databaseUp = true;
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    unregister();
  });

  it('fails a check that does not answer in time (a database that hangs instead of refusing)', async () => {
    const unregister = registerReadinessCheck('hangs', () => new Promise(() => undefined));
    await expect(readiness(20)).resolves.toEqual({ status: 'not-ready', checks: { hangs: 'no answer within 20 ms' } });
    unregister();
  });

  it('liveness answers while the event loop turns, and does not while it is blocked', async () => {
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok', eventLoopDelayMs: { p99: expect.any(Number), max: expect.any(Number) } });

    // spawnSync blocks this process's event loop for as long as the child runs: the child is the kubelet probing
    // a hung pod. The kernel accepts its connection, but no handler runs, so no answer comes before its timeout.
    const probe = spawnSync(
      process.execPath,
      ['-e', `fetch(${JSON.stringify(`${base}/health/live`)}, { signal: AbortSignal.timeout(1000) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(3))`],
      { encoding: 'utf8' },
    );
    expect(probe.status).toBe(3);
    // the loop turns again: answered again
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  });

  it('reports shutdown at once, whatever the checks say', async () => {
    const unregister = registerReadinessCheck('always', () => undefined);
    markShuttingDown();
    const response = await fetch(`${base}/health/ready`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'shutting-down', checks: {} });
    // liveness is not readiness: a draining pod is alive until it exits
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    unregister();
  });
});
