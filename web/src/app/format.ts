/**
 * Everything the console shows as text goes through one helper each (platform-core §9):
 *
 * - numbers: 2 decimals by default, '--' for invalid values (empty, null, ±2147483648, NaN,
 *   Infinity), from @eem/core so every face shows the same thing; with a unit; as a percentage;
 * - counts: the plural form of the language (Intl.PluralRules);
 * - labels: a `[zh, en]` pair or a `{label, enLabel}` record in the interface language;
 * - times: in ONE time zone. Inside a project (module fw) every time shown, picked or sent is
 *   in the project's zone; on platform screens (module pf) in the user's (the browser's).
 *   `formatDate` takes the zone explicitly; screens use `useFormat()` (or `useTimeZone()`),
 *   which knows which zone applies. Date pickers show the browser's wall clock, so
 *   `toPickerDate` / `fromPickerDate` carry a zone's wall clock into and out of them.
 */
import {
  type PluralForms as CorePluralForms,
  formatNumber as coreFormatNumber,
  DATE_FORMAT,
  DATE_TYPE,
  INVALID_MARK,
  isInvalidValue,
  type Language,
  localParts,
  pluralText,
  zonedTime,
} from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLanguage } from '../i18n/language';
import { useQueries } from './client';
import { useSession } from './session';

export { INVALID_MARK, isInvalidValue };

// ---------------------------------------------------------------- numbers

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

// ---------------------------------------------------------------- counts

/** The forms of a counted text; `{count}` is replaced by the number. `other` is required. */
export type PluralForms = CorePluralForms;

/**
 * '1 row' / '3 rows' (English), '3 条' (Chinese has one form): the language's plural rule
 * (Intl.PluralRules, through core's pluralText: the server's texts count the same way).
 */
export function formatCount(count: number, forms: PluralForms, language: Language): string {
  return pluralText(count, forms, language);
}

// ---------------------------------------------------------------- labels

/**
 * A label in both languages: a `[zh, en]` pair (core's LOG_TYPE_NAMES, ROLE_TYPE_LABELS…),
 * or a record from the server with `label` (Chinese) and `enLabel` / `enName` (English).
 */
export type Labelled =
  | readonly [zh: string, en: string]
  | { label: string; enLabel?: string | null | undefined }
  | { name: string; enName?: string | null | undefined };

/** The label in `language`; an empty English label falls back to the Chinese one. */
export function formatLabel(
  labelled: Labelled | null | undefined,
  language: Language,
  fallback = '',
): string {
  if (!labelled) return fallback;
  if (Array.isArray(labelled)) {
    const [zh, en] = labelled as readonly [string, string];
    return (language === 'zh' ? zh : en || zh) || fallback;
  }
  if ('label' in labelled)
    return (language === 'zh' ? labelled.label : labelled.enLabel || labelled.label) || fallback;
  if ('name' in labelled)
    return (language === 'zh' ? labelled.name : labelled.enName || labelled.name) || fallback;
  return fallback;
}

// ---------------------------------------------------------------- times

/** Tokens: YYYY, MM, DD, HH, mm, ss. */
export type DatePattern = string;

export const DATE_PATTERNS = {
  dateTime: DATE_FORMAT,
  date: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
  hour: 'YYYY-MM-DD HH:00',
  minute: 'YYYY-MM-DD HH:mm',
  time: 'HH:mm:ss',
} as const;

/** The browser's IANA time zone (the user's, on platform screens). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats epoch ms (or a Date, or a date string) with a pattern in an IANA zone. Invalid → '--'. */
export function formatDate(value: unknown, pattern: DatePattern, timeZone: string): string {
  const ms = toMs(value);
  if (ms === null) return INVALID_MARK;
  const p = localParts(ms, timeZone);
  const parts: Record<string, string> = {
    YYYY: pad(p.year, 4),
    MM: pad(p.month),
    DD: pad(p.day),
    HH: pad(p.hour),
    mm: pad(p.minute),
    ss: pad(p.second),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
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
export function formatPeriod(value: unknown, dateType: number, timeZone: string): string {
  return formatDate(value, patternOfDateType(dateType), timeZone);
}

/**
 * A Date for a date picker: the picker draws the browser's wall clock, so the Date returned
 * shows the wall clock that `ms` has in `timeZone` (the project's 00:00 shows as 00:00).
 */
export function toPickerDate(ms: number, timeZone: string): Date {
  const p = localParts(ms, timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, ((ms % 1000) + 1000) % 1000);
}

/** The instant a picked Date means: its browser wall clock read in `timeZone`. */
export function fromPickerDate(date: Date, timeZone: string): number {
  return (
    zonedTime(
      timeZone,
      date.getFullYear(),
      date.getMonth() + 1,
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ) + date.getMilliseconds()
  );
}

/**
 * A wall-clock text of `timeZone` ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss',
 * a 'T' allowed for the space) as the instant it names there; null when it is no such date.
 * Never `Date.parse`, which reads such a text in the browser's zone.
 */
export function parseZonedText(text: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = m
    .slice(1)
    .map((v) => Number(v ?? 0));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = zonedTime(timeZone, year, month, day, hour, minute, second);
  const p = localParts(ms, timeZone);
  return p.year === year && p.month === month && p.day === day ? ms : null;
}

export interface TimeZoneState {
  /** The IANA zone times are shown, picked and sent in. */
  timeZone: string;
  /** False while the project's zone is being read (the browser's stands in). */
  ready: boolean;
  /** 'project' inside a project (module fw), 'user' on platform screens. */
  scope: 'project' | 'user';
}

/** The zone of the current screen: the project's in module fw, the user's (browser's) in pf. */
export function useTimeZone(): TimeZoneState {
  const { module, effectiveProjectId } = useSession();
  const queries = useQueries();
  const inProject = module === 'fw' && effectiveProjectId > 0;
  const projects = useQuery({ ...queries.projects.projects(), enabled: inProject, staleTime: 60_000 });
  return useMemo(() => {
    if (!inProject) return { timeZone: browserTimeZone(), ready: true, scope: 'user' };
    const zone = projects.data?.find((p) => p.id === effectiveProjectId)?.timeZone;
    // A project the list does not name (or a failed list) keeps the browser's zone. Once
    // answered, a refetch does not make the zone unknown again.
    return {
      timeZone: zone ?? browserTimeZone(),
      ready: zone !== undefined || projects.isFetched,
      scope: 'project',
    };
  }, [inProject, projects.data, projects.isFetched, effectiveProjectId]);
}

export interface Formatter {
  readonly timeZone: string;
  readonly language: Language;
  /** A time in the screen's zone ('YYYY-MM-DD HH:mm:ss' unless a pattern is given). */
  time(value: unknown, pattern?: DatePattern): string;
  /** A period start in the pattern of its date-type code. */
  period(value: unknown, dateType: number): string;
  number(value: unknown, decimals?: number): string;
  unit(value: unknown, unit: string, decimals?: number): string;
  percent(ratio: unknown, decimals?: number): string;
  count(count: number, forms: PluralForms): string;
  label(labelled: Labelled | null | undefined, fallback?: string): string;
}

/** The helpers bound to the screen's time zone and the interface language. */
export function useFormat(): Formatter {
  const { timeZone } = useTimeZone();
  const { language } = useLanguage();
  return useMemo(
    () => ({
      timeZone,
      language,
      time: (value, pattern = DATE_PATTERNS.dateTime) => formatDate(value, pattern, timeZone),
      period: (value, dateType) => formatPeriod(value, dateType, timeZone),
      number: formatNumber,
      unit: formatWithUnit,
      percent: formatPercent,
      count: (count, forms) => formatCount(count, forms, language),
      label: (labelled, fallback) => formatLabel(labelled, language, fallback),
    }),
    [timeZone, language],
  );
}
