import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { envInt } from '@afya/service-shared';
import { counterKey, hitCounter } from './hit-counter';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
const WINDOW_MS = 60_000;

/**
 * Per account (email): AUTH_RATE_LIMIT a minute, default 10. Per address: AUTH_RATE_LIMIT_PER_ADDRESS, default
 * six accounts' worth and at least 60 (read when the gateway starts).
 */
export function authRateLimits(): { perAccount: number; perAddress: number } {
  const perAccount = envInt('AUTH_RATE_LIMIT', 10);
  return { perAccount, perAddress: envInt('AUTH_RATE_LIMIT_PER_ADDRESS', Math.max(60, perAccount * 6)) };
}

/**
 * Login and registration are limited twice, both must pass:
 * - per client address: one address cannot spray one password over many accounts. The address is the TCP
 *   peer, or X-Forwarded-For's entry as set by a *trusted* proxy only (TRUSTED_PROXIES, gateway.app.ts):
 *   a forged header from anyone else changes nothing;
 * - per account (the email): one account cannot be guessed at from many addresses. The per-address limit is
 *   higher so a clinic behind one NAT address is not locked out by one person.
 * Counters are in Redis when REDIS_URL is set (shared by every gateway replica), else in this process.
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  private readonly limits = authRateLimits();
  private readonly counter = hitCounter();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ ip?: string; body?: { email?: unknown; phone?: unknown } | null }>();
    const { perAccount, perAddress } = this.limits;
    const counter = this.counter;
    // the account: its email, or the phone a password-reset code goes to (its digits)
    const email =
      typeof request.body?.email === 'string'
        ? request.body.email.trim().toLowerCase().slice(0, 320)
        : typeof request.body?.phone === 'string'
          ? `phone:${request.body.phone.replace(/\D/g, '').slice(-9)}`
          : '';
    const [byAddress, byAccount] = await Promise.all([
      counter.hit(counterKey('auth', 'ip', request.ip ?? '-'), WINDOW_MS),
      email ? counter.hit(counterKey('auth', 'acct', email), WINDOW_MS) : Promise.resolve(0),
    ]);
    if (byAddress > perAddress || byAccount > perAccount) {
      throw new HttpException({ statusCode: 429, message: TOO_MANY_ATTEMPTS }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
