/**
 * Planning an export in chunks the server permits: the range is cut into windows within the
 * interval's span limit (aggregated intervals only: raw exports may span any range), and each
 * window into chunks of at most `maxRows` rows, counted by the server (datalog.count). Cuts fall
 * on bucket starts (15-minute steps, local hours, days or months of the project's time zone),
 * so a bucket is never split between two chunks and the chunks together hold exactly the rows
 * of the whole range. Pure but for the injected count.
 */
import { type DatalogInterval, INTERVAL_SPAN_DAYS, READING_INTERVAL_MS, spanDays, startOf } from '@eem/core';
import { CliError } from '../errors.js';
import type { TimeRange } from './datalog-flags.js';

const DAY = 86_400_000;

export interface Chunk extends TimeRange {
  /** Rows the server counted for it. */
  rows: number;
}

/** Whether cuts of this interval follow the project's calendar (its time zone is needed). */
export function needsTimeZone(interval: DatalogInterval): boolean {
  return interval === '1h' || interval === '1d' || interval === '1M';
}

/** The bucket start at or before `t` (15-minute steps for raw and 15m). */
export function snap(t: number, interval: DatalogInterval, timeZone: string): number {
  switch (interval) {
    case 'raw':
    case '15m':
      return Math.floor(t / READING_INTERVAL_MS) * READING_INTERVAL_MS;
    case '1h':
      return startOf(t, 'hour', timeZone);
    case '1d':
      return startOf(t, 'day', timeZone);
    case '1M':
      return startOf(t, 'month', timeZone);
  }
}

/**
 * The range cut into about `parts` ranges of equal length, each cut on a bucket start. Fewer
 * when the range holds fewer buckets; raw ranges shorter than a bucket are cut anywhere (raw
 * rows have no buckets). One range when it cannot be cut.
 */
export function splitRange(
  range: TimeRange,
  parts: number,
  interval: DatalogInterval,
  timeZone: string,
): TimeRange[] {
  const length = range.endTime - range.startTime;
  const wanted = Math.max(1, Math.floor(parts));
  const cutsAt = (align: (t: number) => number) => {
    const cuts = new Set<number>();
    for (let i = 1; i < wanted; i++) {
      const cut = align(range.startTime + Math.floor((length * i) / wanted));
      if (cut > range.startTime && cut < range.endTime) cuts.add(cut);
    }
    return [...cuts].sort((a, b) => a - b);
  };
  let cuts = cutsAt((t) => snap(t, interval, timeZone));
  if (cuts.length === 0 && interval === 'raw') cuts = cutsAt((t) => t);
  const bounds = [range.startTime, ...cuts, range.endTime];
  return bounds.slice(1).map((endTime, i) => ({ startTime: bounds[i] as number, endTime }));
}

/**
 * The range cut into windows within the span limit of the interval (on the project's calendar,
 * as the server checks it); raw: the whole range.
 */
export function spanWindows(range: TimeRange, interval: DatalogInterval, timeZone: string): TimeRange[] {
  if (interval === 'raw') return [{ startTime: range.startTime, endTime: range.endTime }];
  const limit = INTERVAL_SPAN_DAYS[interval];
  const windows: TimeRange[] = [];
  let start = range.startTime;
  while (start < range.endTime) {
    let end = range.endTime;
    if (spanDays(start, end, timeZone) > limit) {
      // A day less than the limit in hours, back to a bucket start: never over the limit.
      end = snap(start + (limit - 1) * DAY, interval, timeZone);
      while (end > start && spanDays(start, end, timeZone) > limit) end = snap(end - 1, interval, timeZone);
      if (end <= start) end = Math.min(range.endTime, start + DAY);
    }
    windows.push({ startTime: start, endTime: end });
    start = end;
  }
  return windows;
}

export interface PlanOptions extends TimeRange {
  interval: DatalogInterval;
  /** The project's time zone (used by 1h, 1d and 1M). */
  timeZone: string;
  /** The most rows of one export (datalog.maxExportCount). */
  maxRows: number;
  /** The rows the server counts for a range (datalog.count). */
  count: (range: TimeRange) => Promise<number>;
  /** Told of every range counted (for a spinner's text). */
  onCount?: (counted: number) => void;
}

/** A range that cannot be cut and still holds more rows than one export may. */
export function tooDense(range: TimeRange, rows: number, maxRows: number): CliError {
  return new CliError(
    `${rows} rows fall at ${new Date(range.startTime).toISOString()} alone, more than the server exports at a time (maxExportCount ${maxRows}), and a chunk cannot be cut finer than one time`,
    { hint: 'Export fewer points at a time (--points), or a longer --interval.' },
  );
}

/** Cuts one window into chunks of at most maxRows rows, counting each. */
export async function chunksOf(
  range: TimeRange,
  rows: number,
  options: Omit<PlanOptions, 'startTime' | 'endTime'>,
): Promise<Chunk[]> {
  if (rows <= options.maxRows) return [{ startTime: range.startTime, endTime: range.endTime, rows }];
  const parts = splitRange(range, Math.ceil(rows / options.maxRows), options.interval, options.timeZone);
  if (parts.length < 2) throw tooDense(range, rows, options.maxRows);
  const out: Chunk[] = [];
  for (const part of parts) {
    const counted = await options.count(part);
    options.onCount?.(counted);
    out.push(...(await chunksOf(part, counted, options)));
  }
  return out;
}

/**
 * The chunks of an export, in time order: each within the span limit and holding at most
 * maxRows rows as counted now. Empty windows are kept (an export of no rows still writes its
 * header).
 */
export async function planChunks(options: PlanOptions): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  for (const window of spanWindows(options, options.interval, options.timeZone)) {
    const rows = await options.count(window);
    options.onCount?.(rows);
    chunks.push(...(await chunksOf(window, rows, options)));
  }
  return chunks;
}
