import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@afya/service-shared';
import { ROLES } from './access.decorators';
import type { AuthenticatedUser } from './caller';

export const FORBIDDEN_ROLE = 'You do not have permission to do that';

/** Global guard after JwtAuthGuard: a route marked @Roles(...) refuses every other role with 403. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user || !roles.includes(user.role)) throw new ForbiddenException(FORBIDDEN_ROLE);
    return true;
  }
}
