/** Shared filter state of the log lists: a day range (≤ 31 days), keyword and order. */
import { LOG_ORDER } from '@eem/core';
import { initialTimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { spanError } from '../../../blocks/time-range-model';

export type LogOrder = (typeof LOG_ORDER)[keyof typeof LOG_ORDER];

export interface BaseLogFilters {
  [field: string]: unknown;
  range: TimeRangeValue;
  keyword: string;
  order: LogOrder;
}

/** Today, newest first (the lists' default). */
export function defaultLogFilters(now: number = Date.now()): BaseLogFilters {
  return { range: initialTimeRange('day', 'today', now), keyword: '', order: LOG_ORDER.desc };
}

export function rangeFits(filters: { range: TimeRangeValue }): boolean {
  return spanError(filters.range) === null;
}

/** The keyword when one is typed (the server refuses nothing else but an empty one is left out). */
export function keywordOf(filters: BaseLogFilters): { keyword?: string } {
  const keyword = filters.keyword.trim();
  return keyword ? { keyword } : {};
}
