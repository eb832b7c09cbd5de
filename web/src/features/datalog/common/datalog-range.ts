/**
 * Ranges and intervals of the data-log screens: the span rule of @eem/core (INTERVAL_SPAN_DAYS,
 * checked before any call, on the browser's calendar the TimeRange picks in) and the time
 * pattern of each interval.
 */
import { checkDatalogSpan, DATALOG_INTERVALS, type DatalogInterval, INTERVAL_SPAN_DAYS } from '@eem/core';
import { DATE_PATTERNS, type DatePattern } from '../../../app/format';

export type { DatalogInterval };

/** The intervals the trend screens offer. */
export const TREND_INTERVALS: readonly DatalogInterval[] = ['raw', '15m', '1h', '1d'];

export function isDatalogInterval(value: unknown): value is DatalogInterval {
  return typeof value === 'string' && (DATALOG_INTERVALS as readonly string[]).includes(value);
}

export type RangeProblem = { kind: 'order' } | { kind: 'span'; interval: DatalogInterval; days: number };

/** What is wrong with querying [start, end) at `interval`, or null. */
export function rangeProblem(
  range: { start: number; end: number },
  interval: DatalogInterval,
  timeZone: string,
): RangeProblem | null {
  const message = checkDatalogSpan(range.start, range.end, interval, timeZone);
  if (message === null) return null;
  if (!(range.end > range.start)) return { kind: 'order' };
  return { kind: 'span', interval, days: INTERVAL_SPAN_DAYS[interval] };
}

/** How times of an interval are shown. */
export function intervalPattern(interval: DatalogInterval): DatePattern {
  switch (interval) {
    case '1d':
      return DATE_PATTERNS.date;
    case '1M':
      return DATE_PATTERNS.month;
    default:
      return 'YYYY-MM-DD HH:mm';
  }
}
