/** Date-type codes, cycle codes, query-span limits (platform-core §5, §9). */
import { localParts, zonedTime } from './calendar.js';

export const DATE_TYPE = { day: 1, week: 2, month: 3, year: 5, hour: 7 } as const;
export type DateType = (typeof DATE_TYPE)[keyof typeof DATE_TYPE];

/** Cycle codes for convertTime: day 12, week 13, month 14, year 17. */
export const CYCLE = { day: 12, week: 13, month: 14, year: 17 } as const;
export type Cycle = (typeof CYCLE)[keyof typeof CYCLE];

export const SPAN_LIMITS = { days: 31, months: 12, years: 10 } as const;

export const SPAN_MESSAGES = {
  days: 'the query span cannot exceed 31 days',
  months: 'the query span cannot exceed 12 months',
  years: 'the query span cannot exceed 10 years',
  order: 'end time must be later than start time',
} as const;

/**
 * Checks a query span against the limit for its granularity. Hour, day and week granularity
 * may span 31 days, month 12 months, year 10 years. The limit is counted on the calendar of
 * `timeZone` (default UTC), so a 31-day month across a daylight-saving change (31 days and one
 * hour in Berlin in October) still fits. Returns the message, or null when fine.
 */
export function checkSpan(
  startMs: number,
  endMs: number,
  granularity: DateType,
  timeZone = 'UTC',
): string | null {
  if (!(endMs > startMs)) return SPAN_MESSAGES.order;
  if (granularity === DATE_TYPE.month) {
    return spanEnd(startMs, timeZone, SPAN_LIMITS.months, 0) < endMs ? SPAN_MESSAGES.months : null;
  }
  if (granularity === DATE_TYPE.year) {
    return spanEnd(startMs, timeZone, SPAN_LIMITS.years * 12, 0) < endMs ? SPAN_MESSAGES.years : null;
  }
  return spanEnd(startMs, timeZone, 0, SPAN_LIMITS.days) < endMs ? SPAN_MESSAGES.days : null;
}

/** The same wall time `months` months and `days` days after `ms`, in `timeZone`. */
function spanEnd(ms: number, timeZone: string, months: number, days: number): number {
  const p = localParts(ms, timeZone);
  const millis = ((ms % 1000) + 1000) % 1000;
  return zonedTime(timeZone, p.year, p.month + months, p.day + days, p.hour, p.minute, p.second) + millis;
}

/** The spec's default date format. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
