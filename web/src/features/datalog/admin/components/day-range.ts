/**
 * The range of one heatmap day on the project's calendar (a DST day lasts 23 or 25 hours),
 * and the /meterEntry link that opens a meter over a range to fill in what is missing.
 */
import { nextDayStart, zonedTime } from '@eem/core';

/** [day, next local midnight) in `timeZone`. */
export function dayRange(day: number, timeZone: string): { start: number; end: number } {
  return { start: day, end: nextDayStart(day, timeZone) };
}

export function meterEntryLink(nodeId: number, start: number, end: number): string {
  const query = new URLSearchParams({
    nodeId: String(nodeId),
    startTime: String(start),
    endTime: String(end),
  });
  return `/meterEntry?${query.toString()}`;
}

/**
 * A range of whole days picked on the browser's calendar (TimeRange) as the same dates on the
 * project's calendar, so the server's day columns are the days the user picked. Without a
 * time zone the range stays.
 */
export function sameDaysIn(
  range: { start: number; end: number },
  timeZone: string | undefined,
): { start: number; end: number } {
  if (!timeZone) return { start: range.start, end: range.end };
  const at = (ms: number) => {
    const d = new Date(ms);
    return zonedTime(timeZone, d.getFullYear(), d.getMonth() + 1, d.getDate());
  };
  return { start: at(range.start), end: at(range.end) };
}
