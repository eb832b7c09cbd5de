/**
 * The rules of a form read from the contract's own zod schema (zod 4's public schema
 * properties: `minLength`/`maxLength` of strings, `minValue`/`maxValue`/`isInt` of numbers,
 * `options` of enums, and `_zod.def` for the wrappers), so a ledger's form stars what the server
 * requires, offers what its enums allow and sizes its inputs by its limits without restating
 * them. Validation itself is the schema's (form-issues.ts): the messages are the server's.
 */

/** A schema as far as this reader needs it (structural: no zod import in the console). */
export interface SchemaLike {
  _zod: { def: { type: string; [key: string]: unknown } };
  [key: string]: unknown;
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';

export interface FieldRule {
  kind: FieldKind;
  /** The server refuses the body without a value (not optional, no default, strings of ≥ 1). */
  required: boolean;
  nullable: boolean;
  /** The schema's default, when it has one. */
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  integer?: boolean;
  /** Enum values, or the enum values of an array's items. */
  options?: readonly (string | number)[];
  /** The kind of an array's items. */
  items?: FieldKind;
}

function def(schema: SchemaLike): SchemaLike['_zod']['def'] {
  return schema._zod.def;
}

/** Biggest safe bounds are no bound. */
const bound = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER
    ? value
    : undefined;

function kindOf(schema: SchemaLike): FieldKind {
  switch (def(schema).type) {
    case 'string':
      return 'string';
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
    case 'literal':
      return 'enum';
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    default:
      return 'other';
  }
}

function enumValues(schema: SchemaLike): readonly (string | number)[] | undefined {
  const d = def(schema);
  if (d.type === 'enum') return schema.options as (string | number)[];
  if (d.type === 'literal') return d.values as (string | number)[];
  return undefined;
}

/** Strips optional, nullable, default, readonly and pipes (their input side), noting what they say. */
function unwrap(schema: SchemaLike): {
  inner: SchemaLike;
  optional: boolean;
  nullable: boolean;
  default?: unknown;
} {
  let inner = schema;
  let optional = false;
  let nullable = false;
  let fallback: { value: unknown } | undefined;
  for (let depth = 0; depth < 20; depth++) {
    const d = def(inner);
    if (d.type === 'optional') optional = true;
    else if (d.type === 'nullable') nullable = true;
    else if (d.type === 'default' || d.type === 'prefault') {
      optional = true;
      if (!fallback) {
        const value = d.defaultValue;
        fallback = { value: typeof value === 'function' ? (value as () => unknown)() : value };
      }
    } else if (d.type !== 'readonly' && d.type !== 'catch' && d.type !== 'pipe') break;
    const next = (d.type === 'pipe' ? d.in : d.innerType) as SchemaLike | undefined;
    if (!next) break;
    inner = next;
  }
  return { inner, optional, nullable, ...(fallback ? { default: fallback.value } : {}) };
}

/** The rule of one field's schema. */
export function fieldRule(schema: SchemaLike): FieldRule {
  const { inner, optional, nullable, ...rest } = unwrap(schema);
  const kind = kindOf(inner);
  const rule: FieldRule = { kind, required: !optional && !nullable, nullable, ...rest };
  if (kind === 'string') {
    const min = bound(inner.minLength);
    const max = bound(inner.maxLength);
    if (min !== undefined) rule.minLength = min;
    if (max !== undefined) rule.maxLength = max;
    rule.required = rule.required && (min ?? 0) >= 1;
  } else if (kind === 'number') {
    const min = bound(inner.minValue);
    const max = bound(inner.maxValue);
    if (min !== undefined) rule.min = min;
    if (max !== undefined) rule.max = max;
    if (inner.isInt === true) rule.integer = true;
  } else if (kind === 'enum') {
    const options = enumValues(inner);
    if (options) rule.options = options;
  } else if (kind === 'array') {
    const element = unwrap(def(inner).element as SchemaLike).inner;
    rule.items = kindOf(element);
    const options = enumValues(element);
    if (options) rule.options = options;
    const min = (
      def(inner).checks as { _zod: { def: { check: string; minimum?: number } } }[] | undefined
    )?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum;
    rule.required = rule.required && (min ?? 0) >= 1;
  }
  return rule;
}

/** The rules of an object schema's fields (through pipes and refinements of the object). */
export function schemaFields(schema: SchemaLike): Record<string, FieldRule> {
  const object = unwrap(schema).inner;
  const shape = (object as { shape?: Record<string, SchemaLike> }).shape;
  if (!shape) return {};
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, fieldRule(field)]));
}

/** The empty value a form starts a field with: the schema's default, else nothing. */
export function emptyValue(rule: FieldRule): unknown {
  if ('default' in rule) return structuredClone(rule.default);
  switch (rule.kind) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return null;
  }
}
