import { createServer } from 'node:net';
import type { INestMicroservice, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@afya/service-shared';
import { testInfrastructure } from '@afya/service-shared/testing';
import { createGatewayApp } from '../../src/gateway.app';
import type { TestPlatform } from '../support/platform';

import { type Sandboxes, startSandboxes } from '../../../infra/sandboxes';

export type { Sandboxes };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * startTestPlatform's path (gateway → NATS → services → PostgreSQL), plus the Stripe and Daraja sandboxes. The
 * gateway's port is chosen first because the providers call it back (webhooks, STK callbacks) and the payment
 * service builds its callback URL from configuration at start-up, like in production.
 */
export async function startPaymentPlatform(
  services: Record<string, Type<unknown>>,
  settings: Record<string, string> = {},
): Promise<TestPlatform & { sandboxes: Sandboxes }> {
  const infra = await testInfrastructure();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandboxes = await startSandboxes({ gatewayUrl: baseUrl, darajaDelayMs: 300, log: process.env.SANDBOX_LOG ? (line) => console.log(line) : undefined });
  Object.assign(process.env, sandboxes.env, settings);
  const running = new Map<string, INestMicroservice>();
  for (const [name, module] of Object.entries(services)) {
    const app = await createServiceApp({ name, module, logger: ['error'] });
    await app.listen();
    running.set(name, app);
  }
  const gateway: NestFastifyApplication = await createGatewayApp({ logger: ['error'], staticSites: null });
  await gateway.listen(port, '127.0.0.1');
  return {
    baseUrl,
    gateway,
    sandboxes,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      });
      const isPdf = response.headers.get('content-type') === 'application/pdf';
      if (isPdf) return { status: response.status, body: Buffer.from(await response.arrayBuffer()) as any, headers: response.headers };
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
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
      await sandboxes.close();
      await infra.cleanup();
    },
  };
}
