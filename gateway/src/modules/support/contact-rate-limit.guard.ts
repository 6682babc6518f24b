import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { envInt } from '@afya/service-shared';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_MS, SupportMessages } from '@afya/support-service/contracts';

/**
 * The public contact form: at most CONTACT_RATE_LIMIT sends per client address per window (fixed windows,
 * counted in this gateway replica's memory, like the login limit). Every attempt counts, valid or not, so a
 * script cannot probe the validation for free.
 */
@Injectable()
export class ContactRateLimitGuard implements CanActivate {
  private readonly limit = envInt('CONTACT_RATE_LIMIT', CONTACT_RATE_LIMIT);
  private readonly windowMs = envInt('CONTACT_RATE_WINDOW_MS', CONTACT_RATE_WINDOW_MS);
  private readonly windows = new Map<string, { start: number; count: number }>();

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ ip?: string }>();
    const reply = context.switchToHttp().getResponse<{ header(name: string, value: string): unknown }>();
    const now = Date.now();
    if (this.windows.size > 10_000) this.sweep(now);
    const key = request.ip ?? 'unknown';
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.limit) {
      reply.header('retry-after', String(Math.ceil((window.start + this.windowMs - now) / 1000)));
      throw new HttpException({ statusCode: 429, message: SupportMessages.contactTooMany }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
