/** Shared filter state of the log lists: a day range (≤ 31 days), keyword and order. */
import { LOG_ORDER } from '@eem/core';
import { useMemo } from 'react';
import { initialTimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { type Calendar, type CalendarLike, calendarKey, spanError } from '../../../blocks/time-range-model';
import { useCalendar } from '../../../blocks/use-calendar';

export type LogOrder = (typeof LOG_ORDER)[keyof typeof LOG_ORDER];

export interface BaseLogFilters {
  [field: string]: unknown;
  range: TimeRangeValue;
  keyword: string;
  order: LogOrder;
}

/** Today, newest first (the lists' default). */
export function defaultLogFilters(calendar: CalendarLike, now: number = Date.now()): BaseLogFilters {
  return { range: initialTimeRange('day', 'today', calendar, now), keyword: '', order: LOG_ORDER.desc };
}

export function rangeFits(filters: { range: TimeRangeValue }, calendar: CalendarLike): boolean {
  return spanError(filters.range, calendar) === null;
}

/** The defaults on the screen's calendar (they change when it does) and the span check. */
export function useLogFilters(): {
  calendar: Calendar;
  defaults: BaseLogFilters;
  fits: (filters: { range: TimeRangeValue }) => boolean;
} {
  const { calendar } = useCalendar();
  const key = calendarKey(calendar);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the calendar is compared by its key
  return useMemo(
    () => ({ calendar, defaults: defaultLogFilters(calendar), fits: (f) => rangeFits(f, calendar) }),
    [key],
  );
}

/** The keyword when one is typed (the server refuses nothing else but an empty one is left out). */
export function keywordOf(filters: BaseLogFilters): { keyword?: string } {
  const keyword = filters.keyword.trim();
  return keyword ? { keyword } : {};
}
