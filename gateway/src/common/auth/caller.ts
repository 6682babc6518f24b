import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '@afya/service-shared';

/** What JwtAuthGuard puts on `request.user` once TokenVerifier has verified the token. */
export interface AuthenticatedUser extends Principal {
  jti: string;
  exp: number;
  /** The token's session version (`sv`): a session-wide revocation (password change, suspension, deletion) raises the minimum. */
  sv: number;
  mustChangePassword: boolean;
}

/** Who is calling, as forwarded to services: the principal (or null) and the request id. */
export interface Caller {
  principal: Principal | null;
  requestId: string;
  user?: AuthenticatedUser;
}

export function callerOf(request: { id?: string; user?: AuthenticatedUser }): Caller {
  const user = request.user;
  return {
    principal: user ? { userId: user.userId, role: user.role } : null,
    requestId: String(request.id ?? ''),
    user,
  };
}

export const CurrentCaller = createParamDecorator((_: unknown, context: ExecutionContext): Caller =>
  callerOf(context.switchToHttp().getRequest()),
);
