import fc from 'fast-check';

/*
 * Request bodies drawn from the JSON Schemas the server publishes (GET /api/openapi.json, made
 * from the routes' own zod schemas), so the API fuzz follows the routes as they change. Values
 * stay small and near the bounds (round 1, table 1), where real requests land.
 */

export interface JsonSchema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly nullable?: boolean;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
}

const isoDate = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const isoTime = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return isoDate;
  if (schema.format === 'date-time') return isoTime;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 24, Math.max(minLength, 24));
  if (schema.pattern !== undefined) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings still exercise the check.
    }
  }
  return fc.string({ minLength, maxLength });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -5;
  const max = schema.maximum ?? min + 1000;
  const near = integer
    ? fc.integer({ min, max: Math.min(max, min + 3) })
    : fc.double({ min, max: Math.min(max, min + 3), noNaN: true });
  const any = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: any });
}

/** An arbitrary of values that `schema` accepts (mostly: patterns fast-check cannot follow give plain strings). */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const inner = (s: JsonSchema) => arbitraryFor(s, depth + 1);
  let value: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) value = fc.constant(schema.const);
  else if (schema.enum) value = fc.constantFrom(...schema.enum);
  else if (schema.anyOf || schema.oneOf) value = fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map(inner));
  else if (schema.allOf?.[0]) value = inner(schema.allOf[0]);
  else if (schema.type === 'object' || schema.properties) {
    const properties = schema.properties ?? {};
    const record = fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, inner(s)])), {
      requiredKeys: (schema.required ?? []).filter((k) => k in properties),
    });
    const extra =
      typeof schema.additionalProperties === 'object' && depth < 4
        ? fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), inner(schema.additionalProperties), { maxKeys: 3 })
        : fc.constant({});
    value = fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
  } else if (schema.type === 'array') {
    const minLength = schema.minItems ?? 0;
    value =
      depth > 5
        ? fc.constant([])
        : fc.array(schema.items ? inner(schema.items) : fc.jsonValue(), {
            minLength,
            maxLength: Math.min(schema.maxItems ?? 6, Math.max(minLength, 6)),
          });
  } else if (schema.type === 'string') value = stringFor(schema);
  else if (schema.type === 'integer') value = numberFor(schema, true);
  else if (schema.type === 'number') value = numberFor(schema, false);
  else if (schema.type === 'boolean') value = fc.boolean();
  else if (schema.type === 'null') value = fc.constant(null);
  else value = fc.jsonValue({ maxDepth: 2 });
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}
