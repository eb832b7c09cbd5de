/**
 * The range of one heatmap day on the project's calendar (a DST day lasts 23 or 25 hours),
 * and the /meterEntry link that opens a meter over a range to fill in what is missing.
 */
import { nextDayStart } from '@eem/core';

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
