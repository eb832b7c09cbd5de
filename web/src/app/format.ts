/**
 * Numbers and dates as platform-core §9 says: 2 decimals by default, dates as
 * YYYY-MM-DD HH:mm:ss, and '--' for invalid values (empty, null, ±2147483648, NaN,
 * Infinity). Number rules come from @eem/core so every face shows the same thing.
 */
import {
  formatNumber as coreFormatNumber,
  DATE_FORMAT,
  DATE_TYPE,
  INVALID_MARK,
  isInvalidValue,
} from '@eem/core';

export { INVALID_MARK, isInvalidValue };

/** `1234.5` → '1234.50'; invalid → '--'. */
export function formatNumber(value: unknown, decimals = 2): string {
  return coreFormatNumber(value, decimals);
}

/** A number with its unit: '12.30 kWh'; invalid → '--' (no unit). */
export function formatWithUnit(value: unknown, unit: string, decimals = 2): string {
  const text = formatNumber(value, decimals);
  return text === INVALID_MARK || !unit ? text : `${text} ${unit}`;
}

/** A ratio as a percentage: 0.1234 → '12.34%'. */
export function formatPercent(ratio: unknown, decimals = 2): string {
  if (isInvalidValue(ratio)) return INVALID_MARK;
  const n = Number(ratio);
  return Number.isFinite(n) ? `${(n * 100).toFixed(decimals)}%` : INVALID_MARK;
}

/** Tokens: YYYY, MM, DD, HH, mm, ss. */
export type DatePattern = string;

export const DATE_PATTERNS = {
  dateTime: DATE_FORMAT,
  date: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
  hour: 'YYYY-MM-DD HH:00',
  time: 'HH:mm:ss',
} as const;

interface Parts {
  YYYY: string;
  MM: string;
  DD: string;
  HH: string;
  mm: string;
  ss: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(ms: number, timeZone?: string): Parts {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  const out: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(ms))) out[part.type] = part.value;
  return {
    YYYY: (out.year ?? '').padStart(4, '0'),
    MM: out.month ?? '',
    DD: out.day ?? '',
    HH: out.hour ?? '',
    mm: out.minute ?? '',
    ss: out.second ?? '',
  };
}

function toMs(value: unknown): number | null {
  if (isInvalidValue(value)) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isFinite(n)) return n;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/**
 * Formats epoch ms (or a Date, or a date string) with a pattern, in the browser's time zone
 * or the given IANA zone (a project's). Invalid → '--'.
 */
export function formatDate(value: unknown, pattern: DatePattern = DATE_FORMAT, timeZone?: string): string {
  const ms = toMs(value);
  if (ms === null) return INVALID_MARK;
  const parts = partsOf(ms, timeZone);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token as keyof Parts]);
}

/** The pattern of a date-type code (7 hour, 1 day, 2 week, 3 month, 5 year). */
export function patternOfDateType(dateType: number): DatePattern {
  switch (dateType) {
    case DATE_TYPE.hour:
      return DATE_PATTERNS.hour;
    case DATE_TYPE.day:
    case DATE_TYPE.week:
      return DATE_PATTERNS.date;
    case DATE_TYPE.month:
      return DATE_PATTERNS.month;
    case DATE_TYPE.year:
      return DATE_PATTERNS.year;
    default:
      return DATE_PATTERNS.dateTime;
  }
}

/** A period start in the pattern of its date-type code. */
export function formatPeriod(value: unknown, dateType: number, timeZone?: string): string {
  return formatDate(value, patternOfDateType(dateType), timeZone);
}
