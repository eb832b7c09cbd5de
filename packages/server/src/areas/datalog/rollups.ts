/**
 * Rollups of readings (table `reading_rollups`): per point, local hour (grain 1) and local day
 * (grain 2) of the project's time zone. `rollupsOf` computes them from sorted readings (the
 * simulator's history and every recomputation use it); `recomputeRollups` rewrites the
 * buckets a change touched, reading the raw rows back.
 *
 * A bucket holds count, sum, min, max, its last value and `delta`: the sum over its readings
 * of the increase from the reading before (which may lie in an earlier bucket). A counter that
 * falls (reset, meter change) counts from zero: the increase is the new value. So a change of
 * a reading also changes the delta of the next reading, and the recomputed range reaches to it.
 */
import { bucketStarts, nextDayStart } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { ReadingRollupTable } from '../../db/schema.js';
import { firstTimeFrom, type Reading, readingsOf, valueBefore } from './repo/readings.js';
import { deleteRollups, insertRollups } from './repo/rollups.js';

export type { Reading };

export const GRAIN = { hour: 1, day: 2 } as const;

/** The increase of a counter from `prev` to `value` (a fall counts from zero). */
export function increase(prev: number | undefined, value: number): number {
  if (prev === undefined) return 0;
  return value >= prev ? value - prev : value;
}

/**
 * The rollup rows of one point's readings (sorted by time) for buckets starting at
 * `starts` (sorted; the readings lie at or after starts[0]). `prev` is the value of the reading
 * just before the first one (undefined: none).
 */
export function rollupsOf(
  pointId: number,
  grain: number,
  readings: readonly Reading[],
  starts: readonly number[],
  prev: number | undefined,
): ReadingRollupTable[] {
  const out: ReadingRollupTable[] = [];
  let b = 0;
  let current: ReadingRollupTable | undefined;
  let last = prev;
  for (const r of readings) {
    while (b + 1 < starts.length && (starts[b + 1] as number) <= r.ts) b++;
    const start = starts[b] as number;
    if (!current || current.ts !== start) {
      current = {
        point_id: pointId,
        grain,
        ts: start,
        n: 0,
        sum: 0,
        min: r.value,
        max: r.value,
        last: r.value,
        delta: 0,
      };
      out.push(current);
    }
    current.n++;
    current.sum += r.value;
    if (r.value < current.min) current.min = r.value;
    if (r.value > current.max) current.max = r.value;
    current.last = r.value;
    current.delta += increase(last, r.value);
    last = r.value;
  }
  return out;
}

/**
 * Rewrites the hour and day rollups of a point that cover [from, to), and those of the next
 * reading after the range (its delta depends on the last reading of the range).
 */
export async function recomputeRollups(
  db: Db,
  pointId: number,
  from: number,
  to: number,
  timeZone: string,
): Promise<void> {
  const next = await firstTimeFrom(db, pointId, to);
  const end = next === undefined ? to : Math.max(to, next + 1);
  const days = bucketStarts(from, end, '1d', timeZone);
  const dayFrom = days[0] as number;
  const dayTo = nextDayStart(days.at(-1) as number, timeZone);
  const readings = await readingsOf(db, pointId, dayFrom, dayTo);
  const before = await valueBefore(db, pointId, dayFrom);
  const rows = [
    ...rollupsOf(pointId, GRAIN.hour, readings, bucketStarts(dayFrom, dayTo, '1h', timeZone), before),
    ...rollupsOf(pointId, GRAIN.day, readings, days, before),
  ];
  await deleteRollups(db, pointId, dayFrom, dayTo);
  await insertRollups(db, rows);
}
