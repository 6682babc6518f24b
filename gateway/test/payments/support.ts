import { createServer } from 'node:net';
import type { Type } from '@nestjs/common';
import { startTestPlatform, type TestPlatform, type TestPlatformOptions } from '../support/platform';

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
  platformOptions: Pick<TestPlatformOptions, 'logLevels'> = {},
): Promise<TestPlatform & { sandboxes: Sandboxes }> {
  const port = await freePort();
  const sandboxes = await startSandboxes({
    gatewayUrl: `http://127.0.0.1:${port}`,
    darajaDelayMs: 300,
    log: process.env.SANDBOX_LOG ? (line) => console.log(line) : undefined,
  });
  Object.assign(process.env, sandboxes.env, settings);
  const platform = await startTestPlatform(services, { ...platformOptions, port, onClose: () => sandboxes.close() });
  return Object.assign(platform, { sandboxes });
}
