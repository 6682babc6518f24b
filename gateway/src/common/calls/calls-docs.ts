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
  const generated = await new OpenAPIGenerator({ schemaConverters: [declaredReplies, zod] }).generate(routers);
  for (const [path, operations] of Object.entries(generated.paths ?? {})) {
    const documented = (document.paths[`/api${path}`] ??= {}) as Record<string, unknown>;
    for (const [method, operation] of Object.entries(operations as Record<string, Record<string, unknown>>)) {
      // Every declared call needs the token but the public ones (CallMeta.public: sign-in, registration, contact).
      documented[method] = { ...operation, security: publicCalls.has(`${method} ${path}`) ? [] : [{ bearer: [] }] };
    }
  }
  return document;
}
