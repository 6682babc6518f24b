import type { OpenAPIObject } from '@nestjs/swagger';
import type { AppRouter } from '@ts-rest/core';
import { z } from 'zod';
import type { CallMeta } from '@afya/service-shared/calls';
import { routesOf } from './bus-calls';

const PAGING_HEADERS = {
  'X-Total-Count': { description: 'Rows in the whole list', schema: { type: 'integer' } },
  Link: { description: 'RFC 8288 links to the neighbouring pages', schema: { type: 'string' } },
};

const jsonSchema = (schema: unknown, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.ZodType, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest as Record<string, unknown>;
};

/**
 * @ts-rest/open-api converts zod 3 only (@anatine/zod-openapi): the declared calls are documented here with zod 4's
 * own z.toJSONSchema (what reply-docs.ts does for the controllers).
 */
export async function documentDeclaredCalls(document: OpenAPIObject, routers: Record<string, AppRouter>): Promise<OpenAPIObject> {
  for (const [, route] of routesOf(routers as unknown as AppRouter)) {
    const meta = route.metadata as CallMeta;
    const path = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const query = route.query ? jsonSchema(route.query, 'input') : undefined;
    const parameters = Object.entries((query?.properties ?? {}) as Record<string, object>).map(([name, schema]) => ({ name, in: 'query', required: ((query?.required as string[]) ?? []).includes(name), schema }));
    const responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [
        status,
        { description: 'The reply', ...(meta.list ? { headers: PAGING_HEADERS } : {}), content: { 'application/json': { schema: jsonSchema(schema, 'output') } } },
      ]),
    );
    (document.paths[path] ??= {})[route.method.toLowerCase() as 'get'] = {
      summary: route.summary,
      security: [{ bearer: [] }],
      parameters,
      ...('body' in route && route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
      responses,
    } as never;
  }
  return document;
}
