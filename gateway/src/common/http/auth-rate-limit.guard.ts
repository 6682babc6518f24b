import { Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard } from '@nestjs/throttler';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * Login and registration are rate limited per client address and email (so one clinic's shared
 * address does not lock everyone out, and one account cannot be guessed at from many tabs).
 * Counters live in this gateway replica's memory.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  /** The request as Fastify gives it; only what the key is made of is typed. */
  protected override async getTracker(request: { ip?: string; body?: { email?: unknown } | null }): Promise<string> {
    const email = typeof request.body?.email === 'string' ? request.body.email.trim().toLowerCase() : '';
    return `${request.ip}|${email}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new ThrottlerException(TOO_MANY_ATTEMPTS);
  }
}
