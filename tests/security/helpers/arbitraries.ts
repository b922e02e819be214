import fc from 'fast-check';
import { z } from 'zod';

/**
 * Values that have broken web apps before: injection strings, markup, path tricks, odd Unicode (NUL, lone
 * surrogates, right-to-left override), boundary numbers, wrong types. None of them spells a pattern the fuzzer
 * looks for in answers (stack frames, SQL the server writes, server paths), so an echo is never a false alarm.
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '   \t  ',
  'a'.repeat(101),
  'a'.repeat(2001),
  'x'.repeat(20_000),
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  'a\udfffb',
  '\ufeff\u200b\u202e',
  '🎉🙏🏽👨‍👩‍👧',
  'İstanbul ß ﬀ Ω',
  'नमस्ते इंदौर',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1) UNION SELECT NULL--',
  '$1',
  '%s%s%s%n',
  '%00',
  '%',
  '_',
  '\\',
  '\\\\u0000',
  '<script>alert(1)</script>',
  '<img src=x onerror=window.__pwned=1>',
  'javascript:alert(1)',
  '=HYPERLINK("http://x")',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '2027-02-30',
  '0000-00-00',
  '9999-12-31',
  '1970-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'a@b',
  'a@b.c',
  '"a"@example.in',
  'x@example.in',
  '+91 98260 12345',
  '0000000000',
  '27AAPFU0939F1ZV',
  'https://example.in',
  '\r\n\r\nX-Injected: 1',
  'a,b,,c,',
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  0.001,
  1.005,
  99.999,
  1e-7,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  100_000_000.01,
  10_001,
];

/** Any hostile value: a listed one, or an arbitrary string, number or JSON value. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [[]], { a: 1 }, ['a', 1, null]) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A hostile object key: prototype names, NUL, markup, or anything. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'role',
    'is_admin',
    'a\u0000b',
    '',
    ' ',
    '<b>',
    '$where',
    'id',
  ),
  fc.string({ maxLength: 12 }),
);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

/** A zod input schema as JSON Schema (the input side: transforms and refinements are the server's business). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export type ValuePools = { ids: string[] };

/** Plausible values by field name, where the JSON Schema says only "string". */
function byName(key: string, pools: ValuePools): fc.Arbitrary<unknown> | null {
  if (/email/.test(key))
    return fc.oneof(fc.emailAddress(), fc.constant(`fuzz.${Math.random().toString(36).slice(2)}@example.in`));
  if (/phone/.test(key))
    return fc.oneof(
      fc.integer({ min: 6_000_000_000, max: 9_999_999_999 }).map((n) => `+91${n}`),
      fc.constant('98260 12345'),
    );
  if (/date/.test(key))
    return fc
      .integer({ min: -5, max: 400 })
      .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  if (/(^|_)id$|_ids$/.test(key)) return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
  if (/gst/.test(key)) return fc.constantFrom('27AAPFU0939F1ZV', '29ABCDE1234F1Z5', '27aapfu0939f1zv');
  if (/link|url/.test(key)) return fc.oneof(fc.webUrl(), fc.domain());
  if (/password/.test(key)) return fc.string({ minLength: 6, maxLength: 40 });
  if (/utr/.test(key)) return fc.stringMatching(/^\d{12}$/);
  return null;
}

/**
 * Values for a JSON Schema: mostly valid ones (so requests get past validation into the services), with the
 * boundaries (one over the maximum, one under the minimum, the exact lengths) and hostile values mixed in.
 */
export function fromSchema(schema: JsonSchema, pools: ValuePools, key = '', depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(schema, pools, key, depth);
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 2, arbitrary: boundaries(schema) },
    { weight: 1, arbitrary: hostile },
  );
}

function boundaries(schema: JsonSchema): fc.Arbitrary<unknown> {
  const values: unknown[] = [];
  if (schema.maxLength !== undefined) values.push('b'.repeat(schema.maxLength), 'b'.repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined)
    values.push('b'.repeat(schema.minLength), 'b'.repeat(Math.max(0, schema.minLength - 1)));
  for (const limit of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
    if (limit !== undefined) values.push(limit, limit - 1, limit + 1, limit + 0.5, String(limit));
  }
  if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => ({})));
  return values.length > 0 ? fc.constantFrom(...values) : hostile;
}

function validFromSchema(schema: JsonSchema, pools: ValuePools, key: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validFromSchema(choice, pools, key, depth)));
  if (schema.allOf?.length) return validFromSchema(schema.allOf[0]!, pools, key, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const named = byName(key, pools);
      if (named) return named;
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 120) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = schema.maximum ?? 1e9;
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(
        schema.items && depth < 4 ? fromSchema(schema.items, pools, key, depth + 1) : fc.jsonValue({ maxDepth: 2 }),
        {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 8),
        },
      );
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [name, fromSchema(child, pools, name, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A valid example with some of its fields changed: each kept (mostly), replaced by a schema value or a hostile
 * one, or dropped; nested objects are changed the same way; sometimes extra hostile keys are added.
 */
export function mutated(
  example: unknown,
  schema: JsonSchema | undefined,
  pools: ValuePools,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!isPlainObject(example) || depth > 3) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(example) },
      { weight: 1, arbitrary: schema ? fromSchema(schema, pools) : hostile },
    );
  }
  const properties = schema?.properties ?? {};
  const keys = [...new Set([...Object.keys(example), ...Object.keys(properties)])];
  const fields = Object.fromEntries(
    keys.map((key) => {
      const childSchema = properties[key];
      const options: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [];
      if (key in example) options.push({ weight: 20, arbitrary: mutated(example[key], childSchema, pools, depth + 1) });
      if (childSchema) options.push({ weight: 2, arbitrary: fromSchema(childSchema, pools, key, depth + 1) });
      options.push({ weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.constant(MISSING) });
      return [key, fc.oneof(...options)];
    }),
  );
  return fc
    .tuple(fc.record(fields), fc.option(fc.dictionary(hostileKey, hostile, { maxKeys: 2 }), { freq: 5 }))
    .map(([record, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) if (value !== MISSING) out[key] = value;
      if (extra)
        for (const [key, value] of Object.entries(extra))
          Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      return out;
    });
}

const MISSING = Symbol('missing');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Percent-encodes any string for a URL; a lone surrogate, which encodeURIComponent refuses, goes as its UTF-8 bytes.
 */
export function urlEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}
