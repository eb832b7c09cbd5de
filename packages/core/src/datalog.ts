/**
 * Meter data logs (issue 6): the physical quantities a measurement point measures, the query
 * intervals with their span limits, the limits read from the server and the messages of the
 * datalog calls. One definition for contract, server, simulator, console and CLI.
 */
import { type CalendarUnit, localParts, startOf, zonedTime } from './calendar.js';
import { maxLengthMessage } from './rules.js';

/** How readings of a quantity combine over an interval. */
export const AGGREGATIONS = ['sum', 'avg', 'max', 'min', 'last'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/**
 * cumulative: a counter (kWh, m³) whose interval value is its increase (consumption);
 * instantaneous: a sampled value (kW, V, °C) combined by the quantity's aggregation.
 */
export const QUANTITY_KINDS = ['cumulative', 'instantaneous'] as const;
export type QuantityKind = (typeof QUANTITY_KINDS)[number];

/** Node types that carry measurement points. */
export const POINT_NODE_TYPES = ['meter', 'device', 'pipe', 'pump'] as const;

export interface PhysicalQuantityDefinition {
  /** The data id: stable across projects and tenants (the "dataId" of the spec). */
  dataId: number;
  name: string;
  enName: string;
  unit: string;
  /** The energy type (NODE_ENUMS.energytype) a meter must have; null: any. */
  energyType: number | null;
  kind: QuantityKind;
  aggregation: Aggregation;
  decimals: number;
  /** Node types whose nodes get a point of this quantity. */
  deviceTypes: string[];
}

const meter = ['meter'];
const q = (
  dataId: number,
  name: string,
  enName: string,
  unit: string,
  energyType: number | null,
  kind: QuantityKind,
  aggregation: Aggregation,
  decimals: number,
  deviceTypes: string[] = meter,
): PhysicalQuantityDefinition => ({
  dataId,
  name,
  enName,
  unit,
  energyType,
  kind,
  aggregation,
  decimals,
  deviceTypes,
});

/** The quantities every tenant starts with (editable on /physicalQuantityConfig). */
export const DEFAULT_QUANTITIES: PhysicalQuantityDefinition[] = [
  q(1000, '正向有功电能', 'Active energy', 'kWh', 2, 'cumulative', 'sum', 2),
  q(2000, '有功功率', 'Active power', 'kW', 2, 'instantaneous', 'avg', 2),
  q(2001, '无功功率', 'Reactive power', 'kvar', 2, 'instantaneous', 'avg', 2),
  q(2002, '功率因数', 'Power factor', '', 2, 'instantaneous', 'avg', 3),
  q(3001, 'A相电压', 'Voltage phase A', 'V', 2, 'instantaneous', 'avg', 1),
  q(3002, 'B相电压', 'Voltage phase B', 'V', 2, 'instantaneous', 'avg', 1),
  q(3003, 'C相电压', 'Voltage phase C', 'V', 2, 'instantaneous', 'avg', 1),
  q(3011, 'A相电流', 'Current phase A', 'A', 2, 'instantaneous', 'avg', 1),
  q(3012, 'B相电流', 'Current phase B', 'A', 2, 'instantaneous', 'avg', 1),
  q(3013, 'C相电流', 'Current phase C', 'A', 2, 'instantaneous', 'avg', 1),
  q(3020, '频率', 'Frequency', 'Hz', 2, 'instantaneous', 'avg', 2),
  q(3030, '电压总谐波畸变率', 'Voltage THD', '%', 2, 'instantaneous', 'max', 2),
  q(4000, '累计水量', 'Water volume', 'm³', 3, 'cumulative', 'sum', 2),
  q(4001, '累计气量', 'Gas volume', 'm³', 15, 'cumulative', 'sum', 2),
  q(4002, '累计蒸汽量', 'Steam volume', 't', 16, 'cumulative', 'sum', 3),
  q(4003, '累计压缩空气量', 'Compressed air volume', 'm³', 18, 'cumulative', 'sum', 1),
  q(4100, '瞬时流量', 'Flow', 'm³/h', null, 'instantaneous', 'avg', 2),
  q(4200, '压力', 'Pressure', 'MPa', null, 'instantaneous', 'avg', 3),
  q(5000, '温度', 'Temperature', '°C', null, 'instantaneous', 'avg', 1, ['device']),
  q(5001, '湿度', 'Humidity', '%RH', null, 'instantaneous', 'avg', 1, ['device']),
];

/** Which pipe-network quantities go with which medium (energy type) on a meter. */
export const MEDIUM_QUANTITIES: Record<number, number[]> = {
  3: [4000, 4100, 4200],
  15: [4001, 4100, 4200],
  16: [4002, 4100, 4200, 5000],
  18: [4003, 4100, 4200],
};

/**
 * Whether a quantity applies to a node: its type is linked, and for a meter the energy type
 * matches (a quantity without energy type goes with the media that list it, or any type).
 */
export function quantityApplies(
  quantity: Pick<PhysicalQuantityDefinition, 'dataId' | 'energyType' | 'deviceTypes'>,
  modelLabel: string,
  energyType: number | null,
): boolean {
  if (!quantity.deviceTypes.includes(modelLabel)) return false;
  if (modelLabel !== 'meter') return true;
  if (quantity.energyType !== null) return quantity.energyType === energyType;
  const byMedium = energyType === null ? undefined : MEDIUM_QUANTITIES[energyType];
  return byMedium ? byMedium.includes(quantity.dataId) : false;
}

/** Query intervals: raw readings, or aggregated per 15 minutes, local hour, day or month. */
export const DATALOG_INTERVALS = ['raw', '15m', '1h', '1d', '1M'] as const;
export type DatalogInterval = (typeof DATALOG_INTERVALS)[number];

/** The longest span of one query per interval, in days (on the project's calendar). */
export const INTERVAL_SPAN_DAYS: Record<DatalogInterval, number> = {
  raw: 31,
  '15m': 31,
  '1h': 92,
  '1d': 1_100,
  '1M': 3_660,
};

/** The readings' resolution: one stored reading per point and 15 minutes. */
export const READING_INTERVAL_MS = 15 * 60_000;

export const DATALOG_LIMITS = {
  /** Points of one query (GET maxNodes; EEM_DATALOG_MAX_NODES). */
  maxNodes: 200,
  /** Rows of one export (GET maxExportCount; EEM_DATALOG_MAX_EXPORT_COUNT). */
  maxExportCount: 2_000_000,
  /** Values of one query answer, all points together. */
  maxQueryValues: 500_000,
  /** Readings of one edit call. */
  maxEditItems: 10_000,
  /** Characters of an edit's reason (kept in the audit). */
  editReasonMax: 200,
  /** Points of one export on the trend screens (screens.md). */
  screenExportPoints: 6,
  /** Nodes of one recalculation run, and its span in days. */
  recalculationNodes: 6,
  recalculationDays: 31,
  /** The recalculation call's time-out (ms). */
  recalculationTimeoutMs: 600_000,
  /** Days of one completeness query. */
  completenessDays: 31,
  /** Rows of one xlsx sheet before the export starts a new sheet (the xlsx limit less the header). */
  xlsxSheetRows: 1_048_575,
} as const;

export const DATALOG_MESSAGES = {
  pointsRequired: 'pointIds: choose at least one measurement point',
  unknownPoint: (id: number) => `pointIds: point ${id} does not exist in this project`,
  tooManyPoints: (max: number) => `pointIds: at most ${max} points at a time`,
  span: (interval: DatalogInterval) =>
    `endTime: the span of a query at interval ${interval} cannot exceed ${INTERVAL_SPAN_DAYS[interval]} days`,
  tooManyValues: (count: number, max: number) =>
    `the answer would hold ${count} values; at most ${max} at a time: choose a longer interval or a shorter range`,
  tooManyRows: (count: number, max: number) =>
    `the export would hold ${count} rows; the server exports at most ${max} rows at a time: choose a shorter range`,
  negativeCounter: 'value: a cumulative counter cannot be negative',
  reasonTooLong: maxLengthMessage('reason', DATALOG_LIMITS.editReasonMax),
  noProject: 'choose a project first',
  recalculationRunning: 'a recalculation is already running for this project',
} as const;

/** Whether a refusal is DATALOG_MESSAGES.tooManyRows (the CLI cuts that chunk again). */
export function isTooManyRowsMessage(message: string): boolean {
  return /the export would hold \d+ rows; the server exports at most \d+ rows at a time/.test(message);
}

/** How many days a span covers on the calendar of `timeZone` (a DST day counts as one). */
export function spanDays(startMs: number, endMs: number, timeZone: string): number {
  const a = localParts(startMs, timeZone);
  const b = localParts(endMs, timeZone);
  const days = Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
  const rest = b.hour * 3600 + b.minute * 60 + b.second - (a.hour * 3600 + a.minute * 60 + a.second);
  return days + (rest > 0 ? 1 : 0);
}

/** Checks a query span for an interval; the message or null. */
export function checkDatalogSpan(
  startMs: number,
  endMs: number,
  interval: DatalogInterval,
  timeZone: string,
): string | null {
  if (!(endMs > startMs)) return 'endTime: end time must be later than start time';
  return spanDays(startMs, endMs, timeZone) > INTERVAL_SPAN_DAYS[interval]
    ? DATALOG_MESSAGES.span(interval)
    : null;
}

const UNIT_OF: Partial<Record<DatalogInterval, CalendarUnit>> = { '1h': 'hour', '1d': 'day', '1M': 'month' };

/**
 * The bucket starts of an interval that cover [startMs, endMs): local hours, days or months of
 * `timeZone` (DST days have 23 or 25 hours; half-hour zones start hours at :30 UTC), or
 * 15-minute steps. The first start is at or before startMs.
 */
export function bucketStarts(
  startMs: number,
  endMs: number,
  interval: Exclude<DatalogInterval, 'raw'>,
  timeZone: string,
): number[] {
  const out: number[] = [];
  if (interval === '15m') {
    for (
      let t = Math.floor(startMs / READING_INTERVAL_MS) * READING_INTERVAL_MS;
      t < endMs;
      t += READING_INTERVAL_MS
    )
      out.push(t);
    return out;
  }
  const unit = UNIT_OF[interval] as CalendarUnit;
  let t = startOf(startMs, unit, timeZone);
  while (t < endMs) {
    out.push(t);
    t = nextBucket(t, unit, timeZone);
  }
  return out;
}

function nextBucket(t: number, unit: CalendarUnit, timeZone: string): number {
  if (unit === 'hour') {
    // Local hours are an hour apart (also the repeated hour of an autumn night), except where
    // the offset moves by a part of an hour: then the next local :00 after t.
    const next = t + 3_600_000;
    const p = localParts(next, timeZone);
    const past = (p.minute * 60 + p.second) * 1000;
    if (past === 0) return next;
    return next - past > t ? next - past : next + 3_600_000 - past;
  }
  const p = localParts(t, timeZone);
  return unit === 'day'
    ? zonedTime(timeZone, p.year, p.month, p.day + 1)
    : zonedTime(timeZone, p.year, p.month + 1, 1);
}

/** Expected readings of one point in [startMs, endMs): one per 15 minutes. */
export function expectedReadings(startMs: number, endMs: number): number {
  return Math.max(0, Math.ceil(endMs / READING_INTERVAL_MS) - Math.ceil(startMs / READING_INTERVAL_MS));
}

/** The start of the local day after the day starting at `dayStart` (23 to 25 hours later). */
export function nextDayStart(dayStart: number, timeZone: string): number {
  return nextBucket(dayStart, 'day', timeZone);
}

/** The columns of every reading export (server xlsx, CSV, NDJSON keys aside; the CLI's xlsx). */
export const DATALOG_EXPORT_HEADERS = {
  en: ['Time', 'Node', 'Quantity', 'Unit', 'Value', 'Point ID'],
  zh: ['时间', '节点', '物理量', '单位', '数值', '点位ID'],
} as const;

/** The export's header, the time column naming the project's time zone. */
export function exportHeader(language: 'zh' | 'en', timeZone: string): string[] {
  const header: string[] = [...DATALOG_EXPORT_HEADERS[language]];
  header[0] = `${header[0]} (${timeZone})`;
  return header;
}

/** The name of the export's n-th sheet (1-based). */
export function exportSheetName(language: 'zh' | 'en', n: number): string {
  return `${language === 'zh' ? '数据' : 'Readings'}${n > 1 ? ` ${n}` : ''}`;
}

/**
 * The Value cell of the reading import (datalog.import), read the same way by the server and
 * described the same way by the web console and the CLI: a number sets the reading, the
 * marker `DELETE` (or `删除`, any case, spaces around ignored) deletes the stored reading, and
 * an empty cell is a mistake, never a deletion (a blank left by a spreadsheet must not remove
 * data).
 */
export const READING_DELETE_MARKERS = ['DELETE', '删除'] as const;

export type ImportValue =
  | { kind: 'set'; value: number }
  | { kind: 'delete' }
  | { kind: 'blank' }
  | { kind: 'invalid'; text: string };

export function importValue(cell: string | number | null | undefined): ImportValue {
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? { kind: 'set', value: cell } : invalid(String(cell));
  const text = (cell ?? '').trim();
  if (text === '') return { kind: 'blank' };
  if (READING_DELETE_MARKERS.some((m) => m.toLowerCase() === text.toLowerCase())) return { kind: 'delete' };
  const value = Number(text);
  return Number.isFinite(value) ? { kind: 'set', value } : invalid(text);
}

function invalid(text: string): ImportValue {
  return { kind: 'invalid', text: text.length > 40 ? `${text.slice(0, 40)}…` : text };
}

/** The messages of the reading import; `cell` is the cell's address, e.g. E7. */
export const READING_IMPORT_MESSAGES = {
  blankValue: (cell: string) =>
    `Value: cell ${cell} is empty; write a number, or ${READING_DELETE_MARKERS[0]} to delete the stored reading`,
  invalidValue: (cell: string, text: string) =>
    `Value: cell ${cell} holds "${text}", not a number; write a number, or ${READING_DELETE_MARKERS[0]} to delete the stored reading`,
  /** The template's help line about the Value column. */
  valueHelp: `Value: a number sets the reading; ${READING_DELETE_MARKERS[0]} (or ${READING_DELETE_MARKERS[1]}) deletes the stored reading; an empty Value is an error, never a deletion. Counters (cumulative quantities) cannot be negative.`,
} as const;
