/**
 * The node model of a project tree, declared once: node types (model labels), which type may
 * hold which, the fields of each type with their rules, and the enumerations those fields use.
 * The contract's schemas, the server's import and template, the web forms and the CLI all read
 * these, so a single edit, an imported row and a form refuse the same input with the same
 * message (issue "Node trees and node batch import").
 */
import {
  DECIMAL2_MAX,
  hasSpecialCharacters,
  INTEGER_MAX,
  isDecimal2,
  lengthMessage,
  MESSAGES,
  NAME_LIMITS,
  requiredMessage,
} from './rules.js';

export type Bilingual = readonly [zh: string, en: string];

/** Enumerations used by node fields, keyed by the enumeration's model label. */
export const NODE_ENUMS = {
  roomtype: {
    1: ['配电室', 'Switch room'],
    2: ['变压器室', 'Transformer room'],
    3: ['机房', 'Equipment room'],
    4: ['办公室', 'Office'],
    5: ['车间', 'Workshop'],
    6: ['泵房', 'Pump room'],
  },
  voltagelevel: {
    11: ['0.4kV', '0.4 kV'],
    12: ['10kV', '10 kV'],
    13: ['35kV', '35 kV'],
    14: ['110kV', '110 kV'],
  },
  operationstatus: {
    1: ['投运', 'In operation'],
    2: ['停运', 'Out of operation'],
    3: ['检修', 'Under maintenance'],
  },
  linefunctiontype: {
    1: ['出线', 'Outgoing line'],
    2: ['联络', 'Tie line'],
    3: ['进线', 'Incoming line'],
  },
  energytype: {
    2: ['电', 'Electricity'],
    3: ['水', 'Water'],
    15: ['天然气', 'Natural gas'],
    16: ['蒸汽', 'Steam'],
    18: ['压缩空气', 'Compressed air'],
    13: ['标准煤', 'Standard coal'],
  },
  /** The medium of a pipe network: the energy types that flow in pipes. */
  medium: {
    3: ['水', 'Water'],
    15: ['天然气', 'Natural gas'],
    16: ['蒸汽', 'Steam'],
    18: ['压缩空气', 'Compressed air'],
  },
} as const satisfies Record<string, Record<number, Bilingual>>;

export type NodeEnumName = keyof typeof NODE_ENUMS;

export type NodeFieldKind = 'text' | 'enum' | 'decimal2' | 'integer';

export interface NodeField {
  /** The wire and filter name (lower case, as the spec's filters name them: voltagelevel). */
  key: string;
  label: Bilingual;
  kind: NodeFieldKind;
  required: boolean;
  /** For kind enum: the enumeration. */
  enumeration?: NodeEnumName;
  /** For kind text: the longest value. */
  max?: number;
}

export interface NodeTypeDefinition {
  modelLabel: string;
  label: Bilingual;
  /** The model labels that may hold a node of this type ('project' is the tree's root). */
  parents: readonly string[];
  /** The fields besides the name. */
  fields: readonly NodeField[];
  /** Pipe-network nodes (water, gas, steam, compressed air): imported on their own screen. */
  pipeNetwork: boolean;
}

const code: NodeField = { key: 'code', label: ['编号', 'Code'], kind: 'text', required: false, max: 50 };
const enumField = (key: NodeEnumName, label: Bilingual, required = true): NodeField => ({
  key,
  label,
  kind: 'enum',
  required,
  enumeration: key,
});

const ELECTRICAL_HOLDERS = ['room', 'cabinet', 'transformer', 'linesegment'] as const;

/** Every node type below the project, in the order of the template's sheets. */
export const NODE_TYPES: readonly NodeTypeDefinition[] = [
  {
    modelLabel: 'building',
    label: ['建筑', 'Building'],
    parents: ['project'],
    fields: [code, { key: 'area', label: ['面积(m²)', 'Area (m²)'], kind: 'decimal2', required: false }],
    pipeNetwork: false,
  },
  {
    modelLabel: 'floor',
    label: ['楼层', 'Floor'],
    parents: ['building'],
    fields: [code],
    pipeNetwork: false,
  },
  {
    modelLabel: 'room',
    label: ['房间', 'Room'],
    parents: ['floor'],
    fields: [code, enumField('roomtype', ['房间类型', 'Room type'])],
    pipeNetwork: false,
  },
  {
    modelLabel: 'cabinet',
    label: ['配电柜', 'Cabinet'],
    parents: ['room'],
    fields: [code],
    pipeNetwork: false,
  },
  {
    modelLabel: 'transformer',
    label: ['变压器', 'Transformer'],
    parents: ['room'],
    fields: [
      code,
      {
        key: 'ratedcapacity',
        label: ['额定容量(kVA)', 'Rated capacity (kVA)'],
        kind: 'decimal2',
        required: false,
      },
      enumField('voltagelevel', ['电压等级', 'Voltage level'], false),
    ],
    pipeNetwork: false,
  },
  {
    modelLabel: 'linesegment',
    label: ['线段', 'Line segment'],
    parents: ['cabinet', 'transformer'],
    fields: [
      code,
      enumField('voltagelevel', ['电压等级', 'Voltage level']),
      enumField('operationstatus', ['运行状态', 'Operation status']),
      enumField('linefunctiontype', ['线路功能', 'Line function']),
    ],
    pipeNetwork: false,
  },
  {
    modelLabel: 'meter',
    label: ['表计', 'Meter'],
    parents: [...ELECTRICAL_HOLDERS, 'pipenetwork', 'pipe'],
    fields: [
      code,
      enumField('energytype', ['能源类型', 'Energy type']),
      { key: 'ratio', label: ['倍率', 'Multiplier'], kind: 'decimal2', required: false },
    ],
    pipeNetwork: false,
  },
  {
    modelLabel: 'device',
    label: ['设备', 'Device'],
    parents: [...ELECTRICAL_HOLDERS, 'pipenetwork'],
    fields: [
      code,
      { key: 'manufacturer', label: ['厂家', 'Manufacturer'], kind: 'text', required: false, max: 50 },
      { key: 'model', label: ['型号', 'Model'], kind: 'text', required: false, max: 50 },
      enumField('operationstatus', ['运行状态', 'Operation status'], false),
    ],
    pipeNetwork: false,
  },
  {
    modelLabel: 'pipenetwork',
    label: ['管网', 'Pipe network'],
    parents: ['project'],
    fields: [code, enumField('medium', ['介质', 'Medium'])],
    pipeNetwork: true,
  },
  {
    modelLabel: 'pipe',
    label: ['管道', 'Pipe'],
    parents: ['pipenetwork', 'pipe'],
    fields: [
      code,
      { key: 'diameter', label: ['管径(mm)', 'Diameter (mm)'], kind: 'integer', required: false },
    ],
    pipeNetwork: true,
  },
  { modelLabel: 'valve', label: ['阀门', 'Valve'], parents: ['pipe'], fields: [code], pipeNetwork: true },
  {
    modelLabel: 'pump',
    label: ['水泵', 'Pump'],
    parents: ['pipenetwork', 'pipe'],
    fields: [
      code,
      { key: 'ratedpower', label: ['额定功率(kW)', 'Rated power (kW)'], kind: 'decimal2', required: false },
    ],
    pipeNetwork: true,
  },
];

export const NODE_LABELS = NODE_TYPES.map((t) => t.modelLabel);

export function nodeType(modelLabel: string): NodeTypeDefinition | undefined {
  return NODE_TYPES.find((t) => t.modelLabel === modelLabel);
}

/** The node types a parent of this model label may hold ('project' for the root). */
export function childTypes(parentLabel: string): NodeTypeDefinition[] {
  return NODE_TYPES.filter((t) => t.parents.includes(parentLabel));
}

export function canHold(parentLabel: string, childLabel: string): boolean {
  return nodeType(childLabel)?.parents.includes(parentLabel) ?? false;
}

export const NODE_MESSAGES = {
  duplicateName: 'a node with this name already exists under the same parent',
  hasChildren: 'selected node contains child nodes, cannot be deleted',
  networkImportRunning: '管网节点批量导入中，请稍后再试',
  importFailed: '导入失败',
  importSucceeded: '导入成功',
  importing: '导入中',
  spreadsheetType: 'only xls or xlsx files can be imported',
} as const;

/**
 * How an import task's message begins, in the language of the request that started it (the
 * web console's captions keep 导入成功 / 导入失败 in Chinese, as the spec shows them).
 */
export const IMPORT_OUTCOME = {
  zh: { succeeded: NODE_MESSAGES.importSucceeded, failed: NODE_MESSAGES.importFailed },
  en: { succeeded: 'Import succeeded', failed: 'Import failed' },
} as const;

/** 'cannot hold': why a node of childLabel may not sit under parentLabel. */
export function cannotHoldMessage(parentLabel: string, childLabel: string): string {
  const allowed = nodeType(childLabel)?.parents ?? [];
  return `a ${childLabel} cannot be placed under a ${parentLabel} (allowed: ${allowed.join(', ') || 'none'})`;
}

/** The text of an enumeration value in a language, or undefined for an unknown value. */
export function enumText(name: NodeEnumName, value: number, language: 'zh' | 'en'): string | undefined {
  const entry = (NODE_ENUMS[name] as Record<number, Bilingual>)[value];
  return entry ? entry[language === 'zh' ? 0 : 1] : undefined;
}

/** An enumeration value from its number or its Chinese or English text (spreadsheet cells). */
export function enumValue(name: NodeEnumName, input: unknown): number | undefined {
  const entries = Object.entries(NODE_ENUMS[name] as Record<number, Bilingual>);
  if (typeof input === 'number') return entries.some(([k]) => Number(k) === input) ? input : undefined;
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  for (const [k, [zh, en]] of entries) {
    if (text === k || text === zh || text.toLowerCase() === en.toLowerCase()) return Number(k);
  }
  return undefined;
}

/** The name rule of every node: required, 1 to 50, no special characters. Null when valid. */
export function checkNodeName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return requiredMessage('name');
  const name = value.trim();
  if (name.length > NAME_LIMITS.name) return lengthMessage(NAME_LIMITS.name);
  if (hasSpecialCharacters(name)) return MESSAGES.specialCharacters;
  return null;
}

/**
 * Checks one field's value (already a number for numeric kinds, or a string); null when valid.
 * Empty values (undefined, null, '') are valid unless the field is required.
 */
export function checkNodeField(field: NodeField, value: unknown): string | null {
  const label = field.key;
  if (value === undefined || value === null || value === '') {
    return field.required ? requiredMessage(label) : null;
  }
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string') return `${label} must be text`;
      if (field.max !== undefined && value.trim().length > field.max)
        return `${label}: ${lengthMessage(field.max, 0)}`;
      return null;
    case 'enum': {
      const enumeration = field.enumeration ?? 'roomtype';
      if (typeof value !== 'number' || enumValue(enumeration, value) === undefined) {
        const allowed = Object.entries(NODE_ENUMS[enumeration] as Record<number, Bilingual>)
          .map(([k, [, en]]) => `${k} (${en})`)
          .join(', ');
        return `${label} must be one of ${allowed}`;
      }
      return null;
    }
    case 'decimal2':
      if (typeof value !== 'number' || !isDecimal2(value)) return `${label}: ${MESSAGES.decimal2}`;
      return null;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > INTEGER_MAX)
        return `${label}: ${MESSAGES.integer}`;
      return null;
  }
}

/** Upper bounds of numeric node fields, for forms. */
export const NODE_NUMBER_MAX = { decimal2: DECIMAL2_MAX, integer: INTEGER_MAX } as const;

/** Limits of a node import, the same for the browser's check and the server's. */
export const NODE_IMPORT_LIMITS = {
  /** The largest workbook accepted (bytes). */
  maxBytes: 20 * 1024 * 1024,
  /** The most data rows of one import (all sheets together). */
  maxRows: 100_000,
} as const;

/** The separator of a parent path in an import sheet: names from the project down. */
export const PATH_SEPARATOR = ' / ';
