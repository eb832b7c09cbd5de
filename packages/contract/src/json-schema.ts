/**
 * zod 4 schemas as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for the generated
 * docs. Local `$defs` (recursive and lazy schemas) are hoisted under names that are unique in
 * the whole document and their `$ref`s point at `#/components/schemas/<name>`, so a schema can
 * be placed anywhere in an OpenAPI document. One schema that cannot be converted never breaks
 * generation: it becomes `{}` with a description saying so.
 */
import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

export interface ConvertedSchema {
  schema: JsonSchema;
  /** Hoisted definitions, keyed by component name. */
  defs: Record<string, JsonSchema>;
}

export const COMPONENT_REF = '#/components/schemas/';

export function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Converts a zod schema. `io: 'input'` describes what a caller sends (defaults optional,
 * transforms seen from their input side); `io: 'output'` what the server answers.
 * `name` is a unique prefix for hoisted definitions (for example `session.login.body`).
 */
export function convertSchema(schema: z.ZodType, io: 'input' | 'output', name: string): ConvertedSchema {
  let raw: JsonSchema;
  try {
    raw = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { schema: { description: `schema could not be converted: ${reason}` }, defs: {} };
  }
  const { $schema: _dialect, $defs, ...root } = raw;
  const localDefs = isJsonObject($defs) ? $defs : {};
  const names = new Map<string, string>();
  for (const key of Object.keys(localDefs)) {
    // zod names anonymous definitions `__schema0`; ids from a registry keep their global name.
    names.set(key, key.startsWith('__schema') ? `${name}.${key.replace(/^_+/, '')}` : key);
  }
  const rootName = name;
  let rootReferenced = false;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isJsonObject(value)) return value;
    const out: JsonSchema = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        if (inner === '#') {
          rootReferenced = true;
          out[key] = `${COMPONENT_REF}${rootName}`;
        } else if (inner.startsWith('#/$defs/')) {
          const local = inner.slice('#/$defs/'.length);
          out[key] = `${COMPONENT_REF}${names.get(local) ?? local}`;
        } else {
          out[key] = inner;
        }
      } else {
        out[key] = rewrite(inner);
      }
    }
    return out;
  };
  const defs: Record<string, JsonSchema> = {};
  for (const [key, def] of Object.entries(localDefs)) {
    const rewritten = rewrite(def);
    if (isJsonObject(rewritten)) defs[names.get(key) ?? key] = rewritten;
  }
  const rewrittenRoot = rewrite(root);
  const rootSchema = isJsonObject(rewrittenRoot) ? rewrittenRoot : {};
  if (rootReferenced) {
    defs[rootName] = rootSchema;
    return { schema: { $ref: `${COMPONENT_REF}${rootName}` }, defs };
  }
  return { schema: rootSchema, defs };
}

/** Follows `$ref`s into hoisted definitions; null when the reference is unknown. */
export function resolveRef(
  schema: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
): JsonSchema | null {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (!ref.startsWith(COMPONENT_REF)) return null;
  return defs[ref.slice(COMPONENT_REF.length)] ?? null;
}

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** The type of a schema in a few characters: `integer`, `string | null`, `object[]`, `'web' | 'cli'`. */
export function describeType(
  schema: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
  seen: ReadonlySet<string> = new Set(),
): string {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    if (seen.has(ref)) return 'recursive';
    const target = resolveRef(schema, defs);
    return target ? describeType(target, defs, new Set([...seen, ref])) : 'unknown';
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (union) {
    return union
      .filter(isJsonObject)
      .map((part) => describeType(part, defs, seen))
      .join(' | ');
  }
  if (Array.isArray(schema.allOf)) {
    return schema.allOf
      .filter(isJsonObject)
      .map((part) => describeType(part, defs, seen))
      .join(' & ');
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    return type
      .map((t) => (t === 'array' || t === 'object' ? describeType({ ...schema, type: t }, defs, seen) : t))
      .join(' | ');
  }
  if (type === 'array') {
    const items = isJsonObject(schema.items) ? describeType(schema.items, defs, seen) : 'any';
    return items.includes(' ') ? `(${items})[]` : `${items}[]`;
  }
  if (type === 'object') {
    if (!isJsonObject(schema.properties) && isJsonObject(schema.additionalProperties)) {
      return `record<string, ${describeType(schema.additionalProperties, defs, seen)}>`;
    }
    return 'object';
  }
  if (typeof type === 'string') return type;
  return 'any';
}

/** Constraints worth a reader's attention: default, ranges, lengths, pattern, format. */
export function describeNotes(schema: JsonSchema): string {
  const notes: string[] = [];
  if ('default' in schema) notes.push(`default ${JSON.stringify(schema.default)}`);
  const bound = (key: string, label: string) => {
    const value = schema[key];
    if (typeof value === 'number' && Math.abs(value) !== SAFE_INTEGER) notes.push(`${label} ${value}`);
  };
  bound('minimum', '≥');
  bound('exclusiveMinimum', '>');
  bound('maximum', '≤');
  bound('exclusiveMaximum', '<');
  bound('minLength', 'min length');
  bound('maxLength', 'max length');
  bound('minItems', 'min items');
  bound('maxItems', 'max items');
  if (typeof schema.pattern === 'string') notes.push(`pattern \`${schema.pattern}\``);
  if (typeof schema.format === 'string') notes.push(`format ${schema.format}`);
  if (typeof schema.description === 'string') notes.push(schema.description);
  return notes.join('; ');
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

/** Drops a `null` alternative so `X | null` can be expanded like X. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : null;
  if (!union) return schema;
  const parts = union.filter(isJsonObject).filter((part) => part.type !== 'null');
  return parts.length === 1 && parts[0] ? parts[0] : schema;
}

/**
 * The fields of a schema as rows, nested objects and arrays of objects expanded with dotted
 * names (`user.roles[].id`) up to `maxDepth` levels; recursive shapes are not expanded again.
 */
export function listFields(
  schema: JsonSchema,
  defs: Readonly<Record<string, JsonSchema>>,
  prefix = '',
  maxDepth = 3,
  seen: ReadonlySet<string> = new Set(),
): FieldRow[] {
  let current = withoutNull(schema);
  let visited = seen;
  const ref = current.$ref;
  if (typeof ref === 'string') {
    if (seen.has(ref)) return [];
    const target = resolveRef(current, defs);
    if (!target) return [];
    visited = new Set([...seen, ref]);
    current = withoutNull(target);
  }
  if (current.type === 'array' && isJsonObject(current.items)) {
    return listFields(current.items, defs, `${prefix}[]`, maxDepth, visited);
  }
  if (!isJsonObject(current.properties)) return [];
  const required = new Set(Array.isArray(current.required) ? current.required : []);
  const depth = prefix === '' ? 0 : prefix.split('.').length;
  const rows: FieldRow[] = [];
  for (const [key, value] of Object.entries(current.properties)) {
    if (!isJsonObject(value)) continue;
    const name = prefix === '' ? key : `${prefix}.${key}`;
    rows.push({
      name,
      type: describeType(value, defs, visited),
      required: required.has(key),
      notes: describeNotes(value),
    });
    if (depth + 1 < maxDepth) rows.push(...listFields(value, defs, name, maxDepth, visited));
  }
  return rows;
}
