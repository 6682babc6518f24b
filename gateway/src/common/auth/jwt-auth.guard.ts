import { ExecutionContext, ForbiddenException, HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ALLOWED_BEFORE_PASSWORD_CHANGE, IS_PUBLIC } from './access.decorators';
import type { AuthenticatedUser } from './caller';

export const AUTH_REQUIRED = 'Authentication required';
export const TOKEN_EXPIRED = 'Your session has expired. Please sign in again.';
export const PASSWORD_CHANGE_REQUIRED = 'Please change your one-time password before continuing.';

/**
 * Global guard: every route needs a valid token unless marked @Public(). Public routes still read a
 * valid token if one is sent. A user holding a one-time password may only change it (or sign out).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthenticatedUser }>();
    if (isPublic) {
      if (request.headers.authorization) await (super.canActivate(context) as Promise<boolean>).catch(() => false);
      return true;
    }
    await (super.canActivate(context) as Promise<boolean>);
    const allowed = this.reflector.getAllAndOverride<boolean>(ALLOWED_BEFORE_PASSWORD_CHANGE, [context.getHandler(), context.getClass()]);
    if (request.user?.mustChangePassword && !allowed) {
      throw new ForbiddenException({ statusCode: 403, message: PASSWORD_CHANGE_REQUIRED, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    return true;
  }

  override handleRequest<T>(error: unknown, user: T, info: unknown): T {
    if (error instanceof HttpException) throw error;
    // passport-jwt reports a key-lookup failure as `info`: auth being unreachable is a 503, not a 401
    // (a 401 would sign the user out of the browser).
    if (info instanceof HttpException && info.getStatus() >= 500) throw info;
    if (error || !user) {
      const expired = (info as { name?: string } | undefined)?.name === 'TokenExpiredError';
      throw new UnauthorizedException(expired ? TOKEN_EXPIRED : AUTH_REQUIRED);
    }
    return user;
  }
}
