import fc, { type Arbitrary } from 'fast-check';
import { z } from 'zod';

// fast-check arbitraries for a route's inputs, from the route's own zod schema (through its JSON
// Schema), plus mutations of what they generate. Values lean towards the ones the portal's data
// holds (demo customer codes, bucket names, folder names, small ids) so that generated requests
// reach past validation into the services, and towards the strings that break servers (paths out
// of a root, NUL bytes, encoded slashes, SQL and LIKE metacharacters, very long text).

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

const INTERESTING_INTEGERS = [0, 1, 2, 3, 4, 5, 10, 99, 100, 101, 1000, 1001, 2001, 3001, 9999];
const CUSTOMER_CODES = [10001, 10002, 20001, 30001, 30002, 40001, 99999, 12345];
const INTERESTING_STRINGS = [
  '',
  ' ',
  'portal-10001',
  'portal-20001',
  'portal-99999',
  'Spec',
  'Shared',
  'Shared/..',
  '..',
  '../..',
  '../Spec',
  '/etc/passwd',
  '..%2f..%2fetc',
  '%2e%2e/',
  'a\u0000b',
  'C:\\Windows',
  '\\\\server\\share',
  "'; drop table users; --",
  '%_\\',
  '山田',
  '受注残',
  '出荷済',
  '全て',
  'KR-10',
  'user@example.com',
  'staff@example.com',
  'new-person@example.com',
  'https://example.com/',
  'javascript:alert(1)',
  '2026-11-01',
  '2026/1/2',
  '2026-13-45',
  '0000-00-00',
  'x'.repeat(300),
  '🏠'.repeat(50),
];

const anyString = (max = 300): Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...INTERESTING_STRINGS) },
    { weight: 2, arbitrary: fc.string({ maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: Math.min(max, 20) }) },
  );

function integerOf(schema: JsonSchema): Arbitrary<number> {
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = Math.min(schema.maximum ?? 2_147_483_647, 2_147_483_647);
  const inRange = (n: number) => n >= min && n <= max;
  const known = [...CUSTOMER_CODES, ...INTERESTING_INTEGERS].filter(inRange);
  return fc.oneof(
    ...(known.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 2, arbitrary: fc.integer({ min: Math.max(min, -2_147_483_648), max }) },
  );
}

/** Values the schema accepts (mostly: patterns and formats are not followed). */
export function arbitraryOf(schema: JsonSchema, depth = 0): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth + 1)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, depth + 1)));
  }
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        record[key] = arbitraryOf(value, depth + 1);
      return fc.record(record, {
        requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
      });
    }
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 8, 8),
      });
    case 'string':
      return anyString(schema.maxLength).filter(
        (s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? 100_000),
      );
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.oneof(integerOf(schema), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** A generated value with one thing wrong: a field dropped, retyped, added, or the whole replaced. */
export function mutationsOf(valid: Arbitrary<unknown>): Arbitrary<unknown> {
  const hostile = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(...INTERESTING_STRINGS),
    fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5, '1e9', 'NaN', '-0', true, []),
    fc.constant('x'.repeat(70_000)),
  );
  return fc.oneof(
    fc.tuple(valid, fc.nat()).map(([value, n]) => {
      if (!isRecord(value)) return value;
      const keys = Object.keys(value);
      if (keys.length === 0) return value;
      const copy = { ...value };
      delete copy[keys[n % keys.length]!];
      return copy;
    }),
    fc.tuple(valid, fc.nat(), hostile).map(([value, n, replacement]) => {
      if (!isRecord(value)) return replacement;
      const keys = Object.keys(value);
      if (keys.length === 0) return { unexpected: replacement };
      return { ...value, [keys[n % keys.length]!]: replacement };
    }),
    fc
      .tuple(valid, fc.string({ maxLength: 12 }), hostile)
      .map(([value, key, extra]) => (isRecord(value) ? { ...value, [key]: extra } : value)),
    hostile,
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON Schema of a route input's zod schema, as a request would send it. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Generated inputs, three valid-shaped for every two mutated. */
export function inputsOf(schema: unknown): Arbitrary<unknown> {
  const valid = arbitraryOf(jsonSchemaOf(schema));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: mutationsOf(valid) });
}

/** A query string object: every value as the text a URL carries. */
export function asQuery(value: unknown): Record<string, string | string[]> {
  if (!isRecord(value)) return { value: stringOf(value) };
  const query: Record<string, string | string[]> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    query[key] = Array.isArray(v) ? v.map((x) => stringOf(x)) : stringOf(v);
  }
  return query;
}

/**
 * A generated value as the text of a query or path parameter: objects as JSON (String() throws
 * on one like { toString: 0 }, which the generator makes, and would fail the test, not the server).
 */
export const stringOf = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
