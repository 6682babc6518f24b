import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { TsRestRequestValidationError } from '@ts-rest/nest';
import type { FastifyRequest } from 'fastify';
import type { ErrorBody } from '../http/http-exception.filter';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../http/safe-input';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

/** The first message of each field, fields in the schema's order: what `issueMessages` gives for the DTO routes. */
export function messagesOf(issues: readonly Issue[]): string[] {
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const issue of issues) {
    const path = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    messages.push(issue.message);
  }
  return messages;
}

/** ts-rest's refusal of a request (its issues per part) as the API's validation error body. */
export function validationBody(error: TsRestRequestValidationError): ErrorBody {
  const messages = [error.pathParams, error.query, error.body].flatMap((part) => (part ? messagesOf(part.issues as readonly Issue[]) : []));
  return { statusCode: 400, message: messages[0] ?? 'Invalid request', errors: messages };
}

/** NUL or an unpaired surrogate in any path parameter, query or body field: 400, before ts-rest's validation (as GatewayValidationPipe). */
@Injectable()
export class UnsafeTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (findUnsafeText([request.params, request.query, request.body]) !== undefined) {
      throw new BadRequestException({ statusCode: 400, message: UNSAFE_TEXT_MESSAGE, errors: [UNSAFE_TEXT_MESSAGE] });
    }
    return next.handle();
  }
}
