/**
 * Every string, array and open object (a record, a catchall) a request accepts has a bound in
 * the contract: `maxLength`, `maxItems`, `maxProperties` (issue 11). `unboundedInputs` walks the
 * request schemas of endpoints (params, query, body) as JSON Schema (their input side) and
 * lists every place without one, and every value of any type (`{}`), by endpoint and path.
 * A string held by an enum or a constant is bounded by it.
 */
import { z } from 'zod';
import type { AnyEndpoint } from './define-endpoint.js';
import { isJsonObject, type JsonSchema } from './json-schema.js';

export const INPUT_PARTS = ['params', 'query', 'body'] as const;

/** The input side of a request part as JSON Schema, with its local definitions. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchema;
}

function types(schema: JsonSchema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return typeof type === 'string' ? [type] : [];
}

/** The problems of one JSON Schema: `path: what is unbounded`. */
export function unboundedIn(root: JsonSchema, where: string): string[] {
  const defs = isJsonObject(root.$defs) ? root.$defs : {};
  const problems: string[] = [];
  const followed = new Set<string>();
  const walk = (schema: unknown, path: string): void => {
    if (!isJsonObject(schema)) return;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref === '#' ? '#' : schema.$ref.replace(/^#\/\$defs\//, '');
      if (followed.has(name)) return;
      followed.add(name);
      walk(name === '#' ? root : defs[name], path);
      return;
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = schema[key];
      if (Array.isArray(list)) for (const branch of list) walk(branch, path);
    }
    if ('enum' in schema || 'const' in schema) return;
    const kinds = types(schema);
    const composite = ['anyOf', 'oneOf', 'allOf', 'not'].some((k) => k in schema);
    if (kinds.length === 0 && !composite) problems.push(`${path}: any value (no type)`);
    if (kinds.includes('string') && typeof schema.maxLength !== 'number')
      problems.push(`${path}: a string without maxLength`);
    if (kinds.includes('array')) {
      if (typeof schema.maxItems !== 'number' && !Array.isArray(schema.prefixItems))
        problems.push(`${path}: an array without maxItems`);
      if (Array.isArray(schema.prefixItems))
        for (const [i, item] of schema.prefixItems.entries()) walk(item, `${path}.${i}`);
      if (schema.items !== undefined && schema.items !== false) walk(schema.items, `${path}[]`);
    }
    if (kinds.includes('object')) {
      const properties = isJsonObject(schema.properties) ? schema.properties : {};
      for (const [name, property] of Object.entries(properties)) walk(property, `${path}.${name}`);
      const extra = schema.additionalProperties;
      if (extra !== undefined && extra !== false) {
        if (typeof schema.maxProperties !== 'number')
          problems.push(`${path}: an object of any keys without maxProperties`);
        walk(extra, `${path}.*`);
      }
      if (schema.propertyNames !== undefined) walk(schema.propertyNames, `${path}.<key>`);
    }
  };
  walk(root, where);
  return problems;
}

/** Every unbounded string, array or open object of the endpoints' requests. */
export function unboundedInputs(endpoints: Iterable<AnyEndpoint>): string[] {
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    for (const part of INPUT_PARTS) {
      const schema = endpoint[part];
      if (schema) problems.push(...unboundedIn(inputSchema(schema), `${endpoint.id} ${part}`));
    }
  }
  return problems;
}
