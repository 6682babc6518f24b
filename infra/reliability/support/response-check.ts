// What a response must look like: the documented success codes and schemas, or the one error shape
// `{statusCode, message}` (docs/decisions/0009-gateway-errors-validation-limits.md), and never a 5xx.
import { OpenApiDocument, Operation, resolve, Schema } from './openapi-arbitraries';

/** Problems with a value against a (subset of) JSON Schema as Nest's Swagger module writes it. */
export function schemaProblems(doc: OpenApiDocument, raw: Schema | undefined, value: unknown, at = '$'): string[] {
  const schema = resolve(doc, raw);
  if (value === null) return schema.nullable || !schema.type ? [] : [`${at} is null`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at} is not one of ${JSON.stringify(schema.enum)}`];
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' ? [] : [`${at} is not a string`];
    case 'number':
      return typeof value === 'number' ? [] : [`${at} is not a number`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at} is not an integer`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at} is not a boolean`];
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => schemaProblems(doc, schema.items, item, `${at}[${i}]`)) : [`${at} is not an array`];
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${at} is not an object`];
      const record = value as Record<string, unknown>;
      const missing = (schema.required ?? []).filter((name) => !(name in record)).map((name) => `${at}.${name} is missing`);
      const wrong = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => (name in record ? schemaProblems(doc, property, record[name], `${at}.${name}`) : []));
      return [...missing, ...wrong];
    }
    default:
      return [];
  }
}

export interface Observed {
  status: number;
  contentType: string;
  text: string;
}

/** Why a response breaks the contract, or null. */
export function responseProblem(doc: OpenApiDocument, operation: Operation, response: Observed): string | null {
  if (response.status >= 500) return `server error ${response.status}`;
  const isJson = response.contentType.includes('application/json');
  if (response.status >= 400) {
    if (!isJson) return `error ${response.status} is not JSON (${response.contentType || 'no content type'})`;
    let body: { statusCode?: unknown; message?: unknown };
    try {
      body = JSON.parse(response.text) as typeof body;
    } catch {
      return `error ${response.status} body is not valid JSON`;
    }
    if (body.statusCode !== response.status) return `error body statusCode ${String(body.statusCode)} ≠ HTTP ${response.status}`;
    if (typeof body.message !== 'string' || body.message.length === 0) return `error ${response.status} has no message`;
    return null;
  }
  const documented = Object.keys(operation.responses ?? {}).filter((code) => /^2/.test(code));
  if (response.status >= 200 && response.status < 300 && documented.length > 0 && !documented.includes(String(response.status))) {
    return `success ${response.status} is not documented (documented: ${documented.join(', ')})`;
  }
  const content = operation.responses?.[String(response.status)]?.content;
  const schema = content?.['application/json']?.schema;
  if (schema && isJson) {
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return `response ${response.status} is not valid JSON`;
    }
    const problems = schemaProblems(doc, schema, body);
    if (problems.length) return `response breaks its schema: ${problems.slice(0, 3).join('; ')}`;
  } else if (isJson && response.text.length > 0) {
    try {
      JSON.parse(response.text);
    } catch {
      return `response ${response.status} says JSON but is not`;
    }
  }
  return null;
}
