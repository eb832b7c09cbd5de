/** Date-type codes, cycle codes, query-span limits (platform-core §5, §9). */

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

const DAY_MS = 86_400_000;

/**
 * Checks a query span against the limit for its granularity. Hour, day and week granularity
 * may span 31 days, month 12 months, year 10 years. Returns the message, or null when fine.
 */
export function checkSpan(startMs: number, endMs: number, granularity: DateType): string | null {
  if (!(endMs > startMs)) return SPAN_MESSAGES.order;
  if (granularity === DATE_TYPE.month) {
    return addMonths(startMs, SPAN_LIMITS.months) < endMs ? SPAN_MESSAGES.months : null;
  }
  if (granularity === DATE_TYPE.year) {
    return addMonths(startMs, SPAN_LIMITS.years * 12) < endMs ? SPAN_MESSAGES.years : null;
  }
  return endMs - startMs > SPAN_LIMITS.days * DAY_MS ? SPAN_MESSAGES.days : null;
}

function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** The spec's default date format. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
