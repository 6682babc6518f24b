import { SetMetadata } from '@nestjs/common';
import type { Role } from '@afya/service-shared';

export const IS_PUBLIC = 'afya:public';
export const ROLES = 'afya:roles';
export const ALLOWED_BEFORE_PASSWORD_CHANGE = 'afya:allowed-before-password-change';

/** No token needed. A valid token, if sent, still identifies the caller (e.g. an admin registering someone). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles may call the route (CONTRACT.md §6, CONTRACT.md §10.1). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** Reachable by a user who still has to replace their one-time password. */
export const AllowedBeforePasswordChange = () => SetMetadata(ALLOWED_BEFORE_PASSWORD_CHANGE, true);
