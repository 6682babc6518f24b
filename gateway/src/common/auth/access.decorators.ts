import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, type OpenAPIObject } from '@nestjs/swagger';
import type { Role } from '@afya/service-shared';

export const IS_PUBLIC = 'afya:public';
export const ROLES = 'afya:roles';
export const ALLOWED_BEFORE_PASSWORD_CHANGE = 'afya:allowed-before-password-change';

/** Marks a public operation in the generated OpenAPI document until `documentPublicOperations` reads it. */
const PUBLIC_OPERATION = 'x-afya-public';

/**
 * No token needed. A valid token, if sent, still identifies the caller (e.g. an admin registering someone).
 * The API documentation says so too (`documentPublicOperations`), whatever its controller declares for the others.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION, true));

/** Only these roles may call the route (CONTRACT.md §6, CONTRACT.md §10.1). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** Reachable by a user who still has to replace their one-time password. */
export const AllowedBeforePasswordChange = () => SetMetadata(ALLOWED_BEFORE_PASSWORD_CHANGE, true);

/**
 * The OpenAPI document as the guard decides: an operation declared @Public() needs no token (`security: []`), even where
 * its controller's @ApiBearerAuth() put one on every operation (Swagger's decorators can add a requirement, not take
 * one away). Returns the same document.
 */
export function documentPublicOperations(document: OpenAPIObject): OpenAPIObject {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations as Record<string, unknown>)) {
      if (typeof operation !== 'object' || operation === null || !(PUBLIC_OPERATION in operation)) continue;
      const marked = operation as Record<string, unknown>;
      delete marked[PUBLIC_OPERATION];
      marked.security = [];
    }
  }
  return document;
}
