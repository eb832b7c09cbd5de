/**
 * The model of the TimeRange block: granularities and their date-type codes, ranges as
 * [start, end) in epoch ms in the browser's calendar, presets, snapping and the span rule of
 * @eem/core (31 days / 12 months / 10 years).
 */
import { checkSpan, DATE_TYPE, type DateType } from '@eem/core';

export type Granularity = 'hour' | 'day' | 'week' | 'month' | 'year';

export const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week', 'month', 'year'];

export const GRANULARITY_DATE_TYPE: Record<Granularity, DateType> = {
  hour: DATE_TYPE.hour,
  day: DATE_TYPE.day,
  week: DATE_TYPE.week,
  month: DATE_TYPE.month,
  year: DATE_TYPE.year,
};

/** A query range: start inclusive, end exclusive, epoch ms. */
export interface TimeRangeValue {
  granularity: Granularity;
  start: number;
  end: number;
}

/** Which dates the picker refuses: none, days after today, or days before today. */
export type DateBlock = 'none' | 'future' | 'past';

export type PresetKey = 'today' | 'last7Days' | 'thisMonth' | 'thisYear';

export const PRESETS: readonly PresetKey[] = ['today', 'last7Days', 'thisMonth', 'thisYear'];

export function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function addDays(ms: number, days: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes()).getTime();
}

export function startOfMonth(ms: number, addMonths = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth() + addMonths, 1).getTime();
}

export function startOfYear(ms: number, addYears = 0): number {
  return new Date(new Date(ms).getFullYear() + addYears, 0, 1).getTime();
}

/** The range of a preset at `now`. */
export function presetRange(preset: PresetKey, now: number): { start: number; end: number } {
  const today = startOfDay(now);
  switch (preset) {
    case 'today':
      return { start: today, end: addDays(today, 1) };
    case 'last7Days':
      return { start: addDays(today, -6), end: addDays(today, 1) };
    case 'thisMonth':
      return { start: startOfMonth(now), end: startOfMonth(now, 1) };
    case 'thisYear':
      return { start: startOfYear(now), end: startOfYear(now, 1) };
  }
}

/**
 * Snaps a range to whole periods of the granularity: whole days for hour, day and week,
 * whole months, whole years. The end stays exclusive and after the start.
 */
export function snapRange(
  granularity: Granularity,
  start: number,
  end: number,
): { start: number; end: number } {
  const last = Math.max(start, end - 1);
  if (granularity === 'month') return { start: startOfMonth(start), end: startOfMonth(last, 1) };
  if (granularity === 'year') return { start: startOfYear(start), end: startOfYear(last, 1) };
  return { start: startOfDay(start), end: addDays(startOfDay(last), 1) };
}

/** The span message of @eem/core for the range, or null when it may be queried. */
export function spanError(value: TimeRangeValue): string | null {
  return checkSpan(value.start, value.end, GRANULARITY_DATE_TYPE[value.granularity]);
}

/**
 * After a preset: keep the granularity when the span fits it, else take the first allowed
 * granularity that fits (this year with day granularity becomes month).
 */
export function fitGranularity(
  current: Granularity,
  allowed: readonly Granularity[],
  start: number,
  end: number,
): Granularity {
  if (checkSpan(start, end, GRANULARITY_DATE_TYPE[current]) === null) return current;
  return allowed.find((g) => checkSpan(start, end, GRANULARITY_DATE_TYPE[g]) === null) ?? current;
}

/**
 * Whether the picker refuses a date cell: with 'future', cells after the current day, month
 * or year (by the picker's unit); with 'past', cells before it.
 */
export function isDateBlocked(
  date: Date,
  block: DateBlock,
  now: number,
  unit: 'day' | 'month' | 'year' = 'day',
): boolean {
  if (block === 'none') return false;
  const floor = unit === 'year' ? startOfYear : unit === 'month' ? startOfMonth : startOfDay;
  const cell = floor(date.getTime());
  const current = floor(now);
  return block === 'future' ? cell > current : cell < current;
}
