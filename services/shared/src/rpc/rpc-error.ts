import { RpcException } from '@nestjs/microservices';
import type { z } from 'zod';
import { issueMessages } from '../schema';

/** The one error shape services return; the gateway maps it to the HTTP status and `{message}`. */
export interface RpcErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  /** What the caller needs to act on the refusal (e.g. the pending M-Pesa push a 409 is about). */
  details?: Record<string, unknown>;
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorBody).statusCode === 'number' &&
    typeof (value as RpcErrorBody).message === 'string'
  );
}

/** Throw this from a handler: it crosses NATS intact (a plain Error would arrive as a 500). */
export class RpcFailure extends RpcException {
  constructor(statusCode: number, message: string, code?: string, details?: Record<string, unknown>) {
    super({ statusCode, message, ...(code ? { code } : {}), ...(details ? { details } : {}) } satisfies RpcErrorBody);
  }

  /** What crosses the bus: `{statusCode, message, code?}`. */
  get body(): RpcErrorBody {
    return this.getError() as RpcErrorBody;
  }
}

export const badRequest = (message: string, code?: string) => new RpcFailure(400, message, code);
export const unauthorized = (message = 'Authentication required', code?: string) => new RpcFailure(401, message, code);
export const forbidden = (message = 'You do not have permission to do that', code?: string) =>
  new RpcFailure(403, message, code);
export const notFound = (message = 'Not found', code?: string) => new RpcFailure(404, message, code);
export const conflict = (message: string, code?: string) => new RpcFailure(409, message, code);
export const unprocessable = (message: string, code?: string) => new RpcFailure(422, message, code);

/**
 * A bus payload read with the contract's schema (the one the gateway validated the request with): the parsed value,
 * or a 400 with the first field's message. A service re-checks what another caller than the gateway may send.
 */
export function parsePayload<Schema extends z.ZodType>(schema: Schema, payload: unknown): z.output<Schema> {
  const result = schema.safeParse(payload ?? {});
  if (result.success) return result.data;
  throw badRequest(issueMessages(result.error)[0] ?? 'Invalid request');
}
