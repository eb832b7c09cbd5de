/**
 * The missing 15-minute intervals of a point (completenessDetail lists their starts) joined
 * into ranges: 10:00, 10:15, 10:30 and 14:00 become [10:00, 10:45) and [14:00, 14:15).
 */
import { READING_INTERVAL_MS } from '@eem/core';

export interface MissingRange {
  start: number;
  /** Exclusive. */
  end: number;
  /** Intervals in the range. */
  count: number;
}

export function missingRanges(starts: readonly number[], step: number = READING_INTERVAL_MS): MissingRange[] {
  const sorted = [...new Set(starts)].sort((a, b) => a - b);
  const out: MissingRange[] = [];
  for (const start of sorted) {
    const last = out.at(-1);
    if (last && last.end === start) {
      last.end = start + step;
      last.count++;
    } else out.push({ start, end: start + step, count: 1 });
  }
  return out;
}
