import { CanActivate, ExecutionContext, ForbiddenException, HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ALLOWED_BEFORE_PASSWORD_CHANGE, IS_PUBLIC } from './access.decorators';
import { AUTH_REQUIRED, PASSWORD_CHANGE_REQUIRED, TOKEN_EXPIRED } from './auth-messages';
import type { AuthenticatedUser } from './caller';
import { TokenVerifier } from './token-verifier';

interface GuardedRequest {
  headers: Record<string, string | string[] | undefined>;
  user?: AuthenticatedUser;
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: GuardedRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Global guard: every route needs a valid token unless marked @Public(). Public routes still read a
 * valid token if one is sent. A user holding a one-time password may only change it (or sign out).
 * The verified caller is put on `request.user` (read by RolesGuard and @CurrentCaller).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const token = bearerToken(request);
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      if (token) request.user = await this.tokens.verify(token).catch(() => undefined);
      return true;
    }
    if (!token) throw new UnauthorizedException(AUTH_REQUIRED);
    request.user = await this.tokens.verify(token).catch((error: unknown) => {
      throw toAuthException(error);
    });
    if (request.user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(ALLOWED_BEFORE_PASSWORD_CHANGE, targets)) {
      throw new ForbiddenException({ statusCode: 403, message: PASSWORD_CHANGE_REQUIRED, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    return true;
  }
}

/**
 * A failed verification as the browser should see it. Our own exceptions pass as they are: auth being
 * unreachable stays a 503/504 (a 401 would sign the user out of the browser), a revoked session keeps its
 * message. jsonwebtoken's errors become 401s: an expired token says so, anything else is "Authentication required".
 */
export function toAuthException(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const expired = (error as { name?: string } | undefined)?.name === 'TokenExpiredError';
  return new UnauthorizedException(expired ? TOKEN_EXPIRED : AUTH_REQUIRED);
}
