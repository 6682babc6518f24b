import type { INestMicroservice, LogLevel, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@afya/service-shared';
import { testInfrastructure, TestInfrastructure } from '@afya/service-shared/testing';
import { createGatewayApp } from '../../src/gateway.app';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestPlatform {
  baseUrl: string;
  gateway: NestFastifyApplication;
  api<T = any>(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** Stops one service (to test 503s) */
  stopService(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  /** The gateway's port (default: any free one), for providers that must know the callback URL up front. */
  port?: number;
  /** Called by close() after the gateway and services stop (e.g. sandboxes started for this platform). */
  onClose?: () => Promise<void>;
  /** Nest's log levels in the gateway and the services (default: 'error' only; a test that reads the logs may want all). */
  logLevels?: LogLevel[];
}

/**
 * The real path of a request in one test process: the gateway on a random port, the given services
 * as NATS microservices, real PostgreSQL (own schemas) and real NATS (own subject namespace).
 */
export async function startTestPlatform(services: Record<string, Type<unknown>>, platformOptions: TestPlatformOptions = {}): Promise<TestPlatform> {
  const phases = startupPhases();
  const infra: TestInfrastructure = await phases.time('streams', () => testInfrastructure());
  const running = new Map<string, INestMicroservice>();
  const start = async ([name, module]: [string, Type<unknown>]) => {
    const app = await phases.time(`${name} created`, () => createServiceApp({ name, module, logger: platformOptions.logLevels ?? ['error'] }));
    await phases.time(`${name} listening`, () => app.listen());
    running.set(name, app);
  };
  // Auth first, as the platform starts; then the others side by side: each mostly waits on its own migrations, so
  // starting them together took a platform from ~12 s to ~7 s on a loaded CI machine.
  const [first, ...rest] = Object.entries(services).sort(([a], [b]) => Number(b === 'auth') - Number(a === 'auth'));
  if (first) await start(first);
  await Promise.all(rest.map(start));
  const gateway: NestFastifyApplication = await phases.time('gateway created', () => createGatewayApp({ logger: platformOptions.logLevels ?? ['error'], staticSites: null }));
  await phases.time('gateway listening', () => gateway.listen(platformOptions.port ?? 0, '127.0.0.1'));
  const baseUrl = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  phases.done();

  return {
    baseUrl,
    gateway,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      });
      if (response.headers.get('content-type') === 'application/pdf') {
        return { status: response.status, body: Buffer.from(await response.arrayBuffer()) as any, headers: response.headers };
      }
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON (e.g. an image)
      }
      return { status: response.status, body: body as any, headers: response.headers };
    },
    async stopService(name) {
      await running.get(name)?.close();
      running.delete(name);
    },
    async close() {
      await gateway.close();
      for (const app of running.values()) await app.close();
      await platformOptions.onClose?.();
      await infra.cleanup();
    },
  };
}

/** A platform that takes longer than this to start is reported, phase by phase, while it is still starting. */
const SLOW_START_MS = 10_000;

/**
 * What a slow start was waiting on. CI once timed a platform's start out at 30 s where it takes ~3 s alone: this names
 * the phase (the event streams, a service's migrations, the gateway) and the process's heap at that moment, on
 * stderr, so the next slow start says where its time went.
 */
function startupPhases() {
  const began = Date.now();
  const finished: string[] = [];
  const pending = new Set<string>();
  const report = (what: string) =>
    process.stderr.write(
      `startTestPlatform ${what} after ${Date.now() - began} ms (heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB): ` +
        `done [${finished.join(', ')}] waiting on [${[...pending].join(', ')}]\n`,
    );
  const watchdog = setInterval(() => report('still starting'), SLOW_START_MS);
  watchdog.unref();
  return {
    async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
      const started = Date.now();
      pending.add(phase);
      try {
        return await work();
      } catch (error) {
        clearInterval(watchdog); // the start failed: its error is the report
        throw error;
      } finally {
        pending.delete(phase);
        finished.push(`${phase} ${Date.now() - started} ms`);
      }
    },
    done() {
      clearInterval(watchdog);
      if (Date.now() - began > SLOW_START_MS) report('started');
    },
  };
}
