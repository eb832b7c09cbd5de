/**
 * The device ledger, device templates and spare parts (issue 18; platform-core §4, §5;
 * screens.md §2.10 /equipmanage, /equiptemplate, /sparepartManage): states, the rules of a
 * template's parameters and their values, limits and messages, read by the contract, the
 * server's import and the console's forms.
 */
import { INTEGER_MAX, lengthMessage, maxLengthMessage, NAME_LIMITS } from './rules.js';

/** Device status (platform-core §4: device run or scrapped). */
export const DEVICE_STATUS = { run: 1, scrapped: 2 } as const;
export type DeviceStatus = (typeof DEVICE_STATUS)[keyof typeof DEVICE_STATUS];
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, [zh: string, en: string]> = {
  1: ['运行', 'Running'],
  2: ['报废', 'Scrapped'],
};

export function deviceStatusName(status: number, language: 'zh' | 'en' = 'en'): string {
  const names = DEVICE_STATUS_LABELS[status as DeviceStatus];
  if (!names) return String(status);
  return language === 'zh' ? names[0] : names[1];
}

/** The data types of a template's technical parameters. */
export const PARAMETER_TYPES = ['number', 'text', 'date', 'enum'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export interface TemplateParameter {
  /** The parameter's name: its column in the import and its key in a device's values. */
  name: string;
  unit: string;
  dataType: ParameterType;
  /** Bounds of a number (null: none). */
  min: number | null;
  max: number | null;
  required: boolean;
  /** The choices of an enum. */
  options: string[];
}

export type ParameterValue = string | number | null;

export const DEVICE_LIMITS = {
  nameMax: NAME_LIMITS.name,
  codeMax: NAME_LIMITS.name,
  modelMax: NAME_LIMITS.name,
  manufacturerMax: NAME_LIMITS.longName,
  /** A template's device type name (platform-core §5: type name up to 20). */
  templateNameMax: NAME_LIMITS.typeName,
  parametersMax: 50,
  parameterNameMax: NAME_LIMITS.typeName,
  unitMax: 20,
  optionsMax: 50,
  textValueMax: NAME_LIMITS.text,
  documentsMax: 5,
  /** Devices of one delete or one list call. */
  batchMax: 200,
  /** The device workbook: bytes, rows, and what its parts may expand to. */
  importMaxBytes: 5 * 1024 * 1024,
  importMaxRows: 10_000,
  importMaxExpandedBytes: 100 * 1024 * 1024,
} as const;

export const DEVICE_MESSAGES = {
  operationAfterFactory: 'operationDate: operation date must be later than factory date',
  nextAfterLast: 'nextMaintenance: next maintenance must be later than last maintenance',
  maxOverMin: 'max: the maximum must be greater than the minimum',
  enumNeedsOptions: 'options: an enum parameter needs at least one option',
  parameterTwice: (name: string) => `parameters: ${name} is listed twice`,
  required: (name: string) => `${name} cannot be empty`,
  notANumber: (name: string) => `${name} must be a number`,
  belowMin: (name: string, min: number) => `${name} must be at least ${min}`,
  aboveMax: (name: string, max: number) => `${name} must be at most ${max}`,
  notADate: (name: string) => `${name} must be a date (YYYY-MM-DD)`,
  notAnOption: (name: string, options: readonly string[]) => `${name} must be one of ${options.join(', ')}`,
  tooLong: (name: string) => maxLengthMessage(name, DEVICE_LIMITS.textValueMax),
  unknownParameter: (name: string) => `${name} is not a parameter of the device's template`,
} as const;

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A parameter value checked against its definition: the value to store (numbers as numbers,
 * dates as YYYY-MM-DD, empty as null), or the message naming the parameter.
 */
export function checkParameterValue(
  param: TemplateParameter,
  value: unknown,
): { value: ParameterValue } | { problem: string } {
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  if (empty) return param.required ? { problem: DEVICE_MESSAGES.required(param.name) } : { value: null };
  switch (param.dataType) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isFinite(n)) return { problem: DEVICE_MESSAGES.notANumber(param.name) };
      if (param.min !== null && n < param.min)
        return { problem: DEVICE_MESSAGES.belowMin(param.name, param.min) };
      if (param.max !== null && n > param.max)
        return { problem: DEVICE_MESSAGES.aboveMax(param.name, param.max) };
      return { value: n };
    }
    case 'date': {
      const text = String(value).trim().slice(0, 10);
      if (!DATE_TEXT.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
        return { problem: DEVICE_MESSAGES.notADate(param.name) };
      return { value: text };
    }
    case 'enum': {
      const text = String(value).trim();
      if (!param.options.includes(text))
        return { problem: DEVICE_MESSAGES.notAnOption(param.name, param.options) };
      return { value: text };
    }
    default: {
      const text = String(value).trim();
      if (text.length > DEVICE_LIMITS.textValueMax) return { problem: DEVICE_MESSAGES.tooLong(param.name) };
      return { value: text };
    }
  }
}

/** The problems of a template's parameter definitions (min under max, enum options, names once). */
export function templateParameterProblems(params: readonly TemplateParameter[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  params.forEach((p, i) => {
    if (seen.has(p.name)) problems.push(DEVICE_MESSAGES.parameterTwice(p.name));
    seen.add(p.name);
    if (p.min !== null && p.max !== null && !(p.max > p.min))
      problems.push(`parameters.${i}.${DEVICE_MESSAGES.maxOverMin}`);
    if (p.dataType === 'enum' && p.options.length === 0)
      problems.push(`parameters.${i}.${DEVICE_MESSAGES.enumNeedsOptions}`);
  });
  return problems;
}

/** Spare-part stock moves. */
export const STOCK_MOVE = { in: 1, out: 2 } as const;
export type StockMoveKind = (typeof STOCK_MOVE)[keyof typeof STOCK_MOVE];
export const STOCK_MOVE_LABELS: Record<StockMoveKind, [zh: string, en: string]> = {
  1: ['入库', 'Stock in'],
  2: ['出库', 'Stock out'],
};

/** Contact phone of a supplier: numeric (platform-core §5). */
export const CONTACT_PHONE_PATTERN = /^\d{1,20}$/;

export const SPARE_PART_LIMITS = {
  nameMax: NAME_LIMITS.name,
  modelMax: NAME_LIMITS.name,
  unitMax: 20,
  supplierMax: NAME_LIMITS.longName,
  noteMax: NAME_LIMITS.text,
  /** Quantities and stock: integers 0 to 999999999 (platform-core §5). */
  quantityMax: INTEGER_MAX,
  devicesMax: 200,
  /** Parts of one statistics call's top list. */
  topMax: 10,
} as const;

export const SPARE_PART_MESSAGES = {
  contactPhone: 'contactPhone: a contact phone is digits only',
  quantity: 'quantity: enter a whole number from 1 to 999999999',
  beyondStock: (name: string, quantity: number, stock: number) =>
    `quantity: spare-part consumption cannot exceed stock: ${quantity} of ${name} asked, ${stock} in stock`,
  nameLength: lengthMessage(NAME_LIMITS.name),
} as const;

/** Whether a part's stock is below its safety stock (the minimum-stock warning). */
export function belowSafetyStock(part: { stock: number; safetyStock: number }): boolean {
  return part.safetyStock > 0 && part.stock < part.safetyStock;
}
