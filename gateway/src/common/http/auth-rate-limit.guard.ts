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
  protected override async getTracker(request: Record<string, any>): Promise<string> {
    const email = typeof request.body?.email === 'string' ? request.body.email.trim().toLowerCase() : '';
    return `${request.ip}|${email}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new ThrottlerException(TOO_MANY_ATTEMPTS);
  }
}
