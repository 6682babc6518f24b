import type { OpenAPIObject } from '@nestjs/swagger';
import type { AnyContractRouter } from '@orpc/contract';
import { type ConditionalSchemaConverter, OpenAPIGenerator, type SchemaConvertOptions } from '@orpc/openapi';
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4';
import { type CallMeta, isDeclaredReply } from '@afya/service-shared/calls';
import { declarationOf, proceduresOf } from './bus-calls';

const zod = new ZodToJsonSchemaConverter();

/** A declared reply (`reply(schema)` in the kit) is documented from the zod schema it carries. */
const declaredReplies: ConditionalSchemaConverter = {
  condition: (schema) => isDeclaredReply(schema),
  convert: (schema, options: SchemaConvertOptions) => zod.convert(isDeclaredReply(schema) ? schema.declared : schema, options),
};

/** CallMeta.idempotencyKey: the header a retry repeats (gateway/src/common/calls/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key the client makes for one attempt (a UUID) and repeats on its retries: for 24 hours the same key and the same request get the first reply; the same key with another request is a 422, while the first still runs a 409.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/**
 * The declared calls in /api/docs: oRPC's generator writes each call's operation (parameters, body and reply from the
 * declaration's zod schemas, a list's paging headers), under the gateway's /api prefix, with the bearer token. They join the operations Swagger documents from the controllers; the whole document is
 * OpenAPI 3.1 (cleanupOpenApiDoc writes the controllers' schemas for 3.1 too).
 */
export async function documentDeclaredCalls(document: OpenAPIObject, routers: Record<string, AnyContractRouter>): Promise<OpenAPIObject> {
  const publicCalls = new Set(
    Object.values(routers)
      .flatMap((router) => proceduresOf(router))
      .map(([, procedure]) => declarationOf(procedure))
      .filter(({ meta }: { meta: CallMeta }) => meta.public)
      .map(({ method, path }) => `${method.toLowerCase()} ${path}`),
  );
  const idempotentCalls = new Set(
    Object.values(routers)
      .flatMap((router) => proceduresOf(router))
      .map(([, procedure]) => declarationOf(procedure))
      .filter(({ meta }: { meta: CallMeta }) => meta.idempotencyKey)
      .map(({ method, path }) => `${method.toLowerCase()} ${path}`),
  );
  const generated = await new OpenAPIGenerator({ schemaConverters: [declaredReplies, zod] }).generate(routers);
  for (const [path, operations] of Object.entries(generated.paths ?? {})) {
    const documented = (document.paths[`/api${path}`] ??= {}) as Record<string, unknown>;
    for (const [method, operation] of Object.entries(operations as Record<string, Record<string, unknown>>)) {
      // Every declared call needs the token but the public ones (CallMeta.public: sign-in, registration, contact).
      const parameters = (operation.parameters as unknown[] | undefined) ?? [];
      documented[method] = {
        ...operation,
        ...(idempotentCalls.has(`${method} ${path}`) ? { parameters: [...parameters, IDEMPOTENCY_KEY_PARAMETER] } : {}),
        security: publicCalls.has(`${method} ${path}`) ? [] : [{ bearer: [] }],
      };
    }
  }
  return document;
}
