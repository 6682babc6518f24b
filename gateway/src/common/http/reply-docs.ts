import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * The reply of a call in the OpenAPI document (/api/docs-json), named from the contract's type: the field names are
 * `keyof` the contract's view or reply, so a renamed field fails to compile here instead of drifting in the docs.
 */
const objectWith = (fields: string[]) => ({ type: 'object', required: fields, properties: Object.fromEntries(fields.map((f) => [f, {}])) });

const PAGING_HEADERS = {
  'X-Total-Count': { description: 'Rows in the whole list', schema: { type: 'integer' } },
  Link: { description: 'RFC 8288 links to the neighbouring pages: rel="next", rel="prev" (same call, limit and offset set)', schema: { type: 'string' } },
};

/** A list call: the body is the bare array of one page (without limit/offset the first 1,000 rows, newest first). */
export function ListReply<Row>(...fields: (keyof Row & string)[]): MethodDecorator {
  return ApiResponse({ status: 200, description: 'The bare array of one page; paging in the headers', headers: PAGING_HEADERS, schema: { type: 'array', items: objectWith(fields) } });
}

/** A reply that names its keys (an object with at least these). */
export function KeysReply<Reply>(status: 200 | 201, ...keys: (keyof Reply & string)[]): MethodDecorator {
  return ApiResponse({ status, description: `An object with ${keys.join(', ')}`, schema: objectWith(keys) });
}

/** One item, the object itself with its fields at the top level. */
export function ItemReply<Item>(...fields: (keyof Item & string)[]): MethodDecorator {
  return ApiResponse({ status: 200, description: 'The item itself', schema: objectWith(fields) });
}

/** A contract's reply schema as OpenAPI 3.1's JSON Schema (inline: the document shows each call's reply in full). */
function openApiOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...document } = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' });
  return document;
}

/** The reply of a call, from the contract's schema. */
export function ReplyOf(status: 200 | 201, schema: z.ZodType, description = 'The reply'): MethodDecorator {
  return ApiResponse({ status, description, schema: openApiOf(schema) });
}

/** A list call from the contract's row schema: the bare array of one page (without limit/offset the first 1,000 rows, newest first). */
export function ListOf(row: z.ZodType): MethodDecorator {
  return ApiResponse({ status: 200, description: 'The bare array of one page; paging in the headers', headers: PAGING_HEADERS, schema: { type: 'array', items: openApiOf(row) } });
}
