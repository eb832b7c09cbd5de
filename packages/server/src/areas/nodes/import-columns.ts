/**
 * The layout of the node import workbook, shared by the template and the reader: one sheet
 * per node type named '建筑 Building', a header row of 'zh en' names: 上级路径 Parent path,
 * 名称 Name, then the type's fields. The reader also accepts the Chinese or the English half of
 * a name, the model label and the field key, compared by core's header rule (normalizeHeader:
 * case, spaces, a byte-order mark, full-width brackets and the '*' marker do not matter).
 */
import {
  type Bilingual,
  NODE_TYPES,
  type NodeField,
  type NodeTypeDefinition,
  normalizeHeader,
} from '@eem/core';

export const PARENT_PATH_HEADER: Bilingual = ['上级路径', 'Parent path'];
export const NAME_HEADER: Bilingual = ['名称', 'Name'];
export const ERROR_HEADER: Bilingual = ['错误', 'Error'];

export function bilingual([zh, en]: Bilingual): string {
  return `${zh} ${en}`;
}

export interface ImportColumn {
  /** parentPath, name, or a field key. */
  key: string;
  header: string;
  field?: NodeField;
}

/** The pipe-network types (pipe network, pipe, valve, pump). */
export const PIPE_NETWORK_LABELS: ReadonlySet<string> = new Set(
  NODE_TYPES.filter((t) => t.pipeNetwork).map((t) => t.modelLabel),
);

/**
 * The types a workbook of a scope holds: all, or for the pipe-network import the pipe-network
 * types and the types that may hang under them (meter, device; the import accepts those only
 * under a pipe-network node).
 */
export function typesOfScope(scope: 'all' | 'network'): NodeTypeDefinition[] {
  return NODE_TYPES.filter(
    (t) => scope === 'all' || t.pipeNetwork || t.parents.some((p) => PIPE_NETWORK_LABELS.has(p)),
  );
}

export function sheetName(type: NodeTypeDefinition): string {
  return bilingual(type.label);
}

export function importColumns(type: NodeTypeDefinition): ImportColumn[] {
  return [
    { key: 'parentPath', header: bilingual(PARENT_PATH_HEADER) },
    { key: 'name', header: bilingual(NAME_HEADER) },
    ...type.fields.map((field) => ({ key: field.key, header: bilingual(field.label), field })),
  ];
}

function namesOf(label: Bilingual, extra: string[] = []): Set<string> {
  return new Set([bilingual(label), label[0], label[1], ...extra].map(normalizeHeader));
}

/** The column key a header names (parentPath, name, a field key, error), or undefined. */
export function columnOfHeader(type: NodeTypeDefinition, header: string): string | undefined {
  const text = normalizeHeader(header);
  if (namesOf(PARENT_PATH_HEADER, ['parentPath', 'parent']).has(text)) return 'parentPath';
  if (namesOf(NAME_HEADER).has(text)) return 'name';
  if (namesOf(ERROR_HEADER).has(text)) return 'error';
  return type.fields.find((f) => namesOf(f.label, [f.key]).has(text))?.key;
}

/** The node type a sheet holds, from its name ('建筑 Building', '建筑', 'Building' or 'building'). */
export function typeOfSheet(name: string): NodeTypeDefinition | undefined {
  const text = normalizeHeader(name);
  return NODE_TYPES.find((t) => namesOf(t.label, [t.modelLabel]).has(text));
}
