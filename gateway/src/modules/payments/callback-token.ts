import { timingSafeEqual } from 'node:crypto';
import { assertProviderSecrets } from '@afya/payment-service/contracts';

/**
 * The M-Pesa callback's secret path segment, which the gateway checks before anything crosses the bus (the payment
 * service checks it again). Read when the app is built: a gateway without a real token refuses to start, as the
 * payment service does (contracts/provider-secrets.ts); the local runner and the tests pass the sandboxes' own.
 */
export class CallbackToken {
  private readonly expected: Buffer;

  constructor(env: Record<string, string | undefined> = process.env) {
    assertProviderSecrets(env, ['MPESA_CALLBACK_TOKEN']);
    this.expected = Buffer.from(env.MPESA_CALLBACK_TOKEN!);
  }

  matches(given: unknown): boolean {
    const candidate = Buffer.from(typeof given === 'string' ? given : '');
    return candidate.length === this.expected.length && timingSafeEqual(candidate, this.expected);
  }
}
