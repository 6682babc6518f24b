import type { z } from 'zod';
import { issueMessages } from '../schema';
import { badRequest } from './rpc-error';

/**
 * A bus payload read with the contract's schema (the one the gateway validated the request with): the parsed value,
 * or a 400 with the first field's message. A service re-checks what another caller than the gateway may send.
 */
export function parsePayload<Schema extends z.ZodType>(schema: Schema, payload: unknown): z.output<Schema> {
  const result = schema.safeParse(payload ?? {});
  if (result.success) return result.data;
  throw badRequest(issueMessages(result.error)[0] ?? 'Invalid request');
}
