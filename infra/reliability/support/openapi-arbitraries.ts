// fast-check arbitraries from an OpenAPI 3 document: bodies, path ids, query strings and headers, mostly of the
// documented shape (so requests get past validation into the services) and partly hostile (wrong types, NUL,
// lone surrogates, out-of-range integers, deep nesting, extra fields, odd headers).
import fc from 'fast-check';

export type Schema = {
  $ref?: string;
  /** OpenAPI 3.1 (JSON Schema 2020-12) may list types: `['string', 'null']` (resolve() reads it as 3.0's nullable). */
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  format?: string;
  example?: unknown;
};

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  operationId?: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}

export function resolve(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): Schema {
  if (!schema) return {};
  if (schema.$ref && depth < 10) return resolve(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!], depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => resolve(doc, s, depth + 1)));
  if (Array.isArray(schema.type)) {
    // /api/docs is OpenAPI 3.1: `type: ['string', 'null']` is 3.0's `type: 'string', nullable: true`.
    const types = schema.type.filter((t) => t !== 'null');
    return { ...schema, type: types.length === 1 ? types[0] : undefined, nullable: schema.nullable || schema.type.includes('null') };
  }
  return schema;
}

/** Strings an attacker or a careless client sends. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202Eevil\u202C',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '-'.repeat(36),
  '0x39',
  '1e3',
  '2147483648',
  '9223372036854775808',
  '-1',
  '<script>alert(1)</script>',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '{"$gt":""}',
  'null',
];

const HOSTILE_NUMBERS = [0, -1, 2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, 1e308, -0, 0.5, 1e-7];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);

/** Anything JSON: the wrong type for a field. */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.constant([['deep']]),
);

function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  const examples: fc.Arbitrary<string>[] = [];
  if (typeof schema.example === 'string') examples.push(fc.constant(schema.example));
  if (schema.format === 'email') examples.push(fc.emailAddress());
  if (schema.format === 'date' || /date/i.test(String(schema.example ?? ''))) examples.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  const plain = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
  return fc.oneof(...examples, plain, fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }), hostileString);
}

function numberFor(schema: Schema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -10;
  const max = schema.maximum ?? 1000;
  const typical = schema.type === 'integer' ? fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) }) : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 3, arbitrary: typical }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: hostileNumber });
}

/** A JSON value for a schema: the documented type most of the time, anything some of the time. */
export function valueFor(doc: OpenApiDocument, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  const documented = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'string':
        return stringFor(schema);
      case 'number':
      case 'integer':
        return numberFor(schema);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(valueFor(doc, schema.items, depth + 1), { maxLength: 4 });
      case 'object':
      default:
        if (!schema.properties) return depth > 4 ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
        return objectFor(doc, schema, depth);
    }
  })();
  const alternatives: fc.WeightedArbitrary<unknown>[] = [{ weight: 8, arbitrary: documented }, { weight: 1, arbitrary: wrongType }];
  if (schema.nullable) alternatives.push({ weight: 1, arbitrary: fc.constant(null) });
  return fc.oneof(...alternatives);
}

function objectFor(doc: OpenApiDocument, schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = valueFor(doc, property, depth + 1);
  const required = (schema.required ?? []).filter((name) => name in model);
  const record = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  // Sometimes a field is missing although required, or an unknown (or prototype-poisoning) field is added.
  const extra = fc.option(fc.constantFrom<[string, unknown]>(['role', 'admin'], ['user_id', 1], ['__proto__', { isAdmin: true }], ['constructor', { prototype: { x: 1 } }], ['\u0000', 'nul key']), { freq: 4 });
  return fc.tuple(record, extra, fc.nat({ max: 9 })).map(([value, field, drop]) => {
    const out: Record<string, unknown> = { ...value };
    if (drop === 0 && required.length > 0) delete out[required[0]];
    if (field) Object.defineProperty(out, field[0], { value: field[1], enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** Path and query values as text: ids that exist, ids that cannot, and hostile text. */
export function paramText(doc: OpenApiDocument, raw: Schema | undefined): fc.Arbitrary<string> {
  const schema = resolve(doc, raw);
  const hostile = fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 200));
  if (schema.type === 'number' || schema.type === 'integer') {
    return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) }, { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) }, { weight: 2, arbitrary: hostile });
  }
  if (schema.enum) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(schema.enum as unknown[]).map(String)) }, { weight: 1, arbitrary: hostile });
  return fc.oneof({ weight: 2, arbitrary: fc.uuid() }, { weight: 2, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) }, { weight: 2, arbitrary: hostile });
}

/** Percent-encodes the UTF-8 bytes of any text (a lone surrogate becomes U+FFFD, as any client would send it). */
export function encodeText(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)).join('');
}

const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
const fakeJwt = (header: object, claims: object) => `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

/** Extra headers: forged addresses, odd content types, broken or forged tokens (for anonymous requests). */
export const headerSets = fc.record(
  {
    'x-forwarded-for': fc.oneof(fc.ipV4(), headerText),
    'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/event-stream'),
    'x-request-id': headerText,
    authorization: fc.oneof(
      fc.constant('Bearer '),
      headerText.map((t) => `Bearer ${t}`),
      fc.constant(`Bearer ${fakeJwt({ alg: 'none' }, { sub: 1, role: 'admin' })}`),
      fc.string({ maxLength: 12 }).map((kid) => `Bearer ${fakeJwt({ alg: 'RS256', kid: kid.replace(/[^\x20-\x7e]/g, '') }, { sub: 1, role: 'admin', exp: 4102444800 })}`),
      fc.constant('Basic YWRtaW46YWRtaW4='),
    ),
  },
  { requiredKeys: [] },
);
