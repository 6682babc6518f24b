import { HttpException, Logger } from '@nestjs/common';
import { ORPCError, ValidationError } from '@orpc/server';
import type { ErrorBody } from '../http/http-exception.filter';
import { httpErrorBody } from '../http/http-exception.filter';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../http/safe-input';

const logger = new Logger('DeclaredCalls');

/** The parts of a declared call's input (oRPC's "detailed" input). */
export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

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

const partOf = (issue: Issue) => {
  const [first] = issue.path ?? [];
  return String(typeof first === 'object' ? first.key : first);
};

/**
 * A path parameter's refusal alone when there is one ('Invalid id'), as the controller routes answer: their path
 * parameter is checked before the body is read.
 */
function pathFirst(issues: readonly Issue[]): readonly Issue[] {
  const params = issues.filter((issue) => partOf(issue) === 'params');
  return params.length > 0 ? params : issues;
}

/** An error of a declared call, carrying the exact body every other route answers with (HttpExceptionFilter's). */
export function callError(body: ErrorBody, cause?: unknown): ORPCError<string, ErrorBody> {
  return new ORPCError(`HTTP_${body.statusCode}`, { status: body.statusCode, message: body.message, data: body, cause });
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).statusCode === 'number' && typeof (value as ErrorBody).message === 'string';
}

/** Any failure of a declared call as the API's error body: a refused input, a service's error, anything else (500). */
export function toCallError(error: unknown): ORPCError<string, ErrorBody> {
  if (error instanceof ORPCError) {
    if (isErrorBody(error.data)) return error;
    if (error.cause instanceof ValidationError) {
      const messages = messagesOf(pathFirst(error.cause.issues as readonly Issue[]));
      return callError({ statusCode: 400, message: messages[0] ?? 'Invalid request', errors: messages }, error);
    }
    if (error.status < 500) return callError({ statusCode: error.status, message: error.status === 400 ? 'Malformed request' : error.message }, error);
  }
  if (error instanceof HttpException) return callError(httpErrorBody(error), error);
  logger.error(`declared call failed: ${error instanceof Error ? error.message : String(error)}`, error instanceof Error ? error : undefined);
  return callError({ statusCode: 500, message: 'Internal server error' }, error);
}

/** NUL or an unpaired surrogate in any path parameter, query or body field: 400, before the schema reads it (as GatewayValidationPipe). */
export function refuseUnsafeText(input: CallInput): void {
  if (findUnsafeText([input.params, input.query, input.body]) !== undefined) {
    throw callError({ statusCode: 400, message: UNSAFE_TEXT_MESSAGE, errors: [UNSAFE_TEXT_MESSAGE] });
  }
}
