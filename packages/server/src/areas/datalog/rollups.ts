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
 *
 * Electricity counters also get time-of-use rollups (table `tou_rollups`, ADR 0017): the same
 * increases by hour and day, split by the band of each reading's local time under the scheme
 * in effect for the point that day (metering/tou-plan.ts). A reading's increase goes to the
 * band and buckets of its own time, as it goes to the hour and day of its own time here, so
 * the bands of a bucket add up to its `delta` (less what no scheme covered).
 */
import { bucketStarts, nextDayStart, type TouBand } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { ReadingRollupTable, TouRollupTable } from '../../db/schema.js';
import { deleteTouRollups, insertTouRollups } from '../metering/repo/tou-rollups.js';
import { touPlanOfPoint } from '../metering/tou-plan.js';
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
 * The time-of-use rows of one point's readings (sorted) for hour and day buckets starting at
 * `hours` and `days` (the readings lie at or after their first starts): per bucket and band the
 * sum of the increases of readings whose time `bandAt` gives that band (null: none, left out).
 */
export function touRollupsOf(
  projectId: number,
  pointId: number,
  readings: readonly Reading[],
  hours: readonly number[],
  days: readonly number[],
  prev: number | undefined,
  bandAt: (ts: number) => TouBand | null,
): TouRollupTable[] {
  const sums = new Map<string, TouRollupTable>();
  const add = (grain: number, ts: number, band: number, delta: number) => {
    const key = `${grain}:${ts}:${band}`;
    const row = sums.get(key);
    if (row) row.delta += delta;
    else sums.set(key, { project_id: projectId, point_id: pointId, grain, ts, band, delta });
  };
  let h = 0;
  let d = 0;
  let last = prev;
  for (const r of readings) {
    const inc = increase(last, r.value);
    last = r.value;
    if (inc === 0) continue;
    const band = bandAt(r.ts);
    if (band === null) continue;
    while (h + 1 < hours.length && (hours[h + 1] as number) <= r.ts) h++;
    while (d + 1 < days.length && (days[d + 1] as number) <= r.ts) d++;
    add(GRAIN.hour, hours[h] as number, band, inc);
    add(GRAIN.day, days[d] as number, band, inc);
  }
  return [...sums.values()];
}

/** Bucket starts of recent ranges: the points of one import share their days, and a zone's
 * local hours cost a conversion each. */
const recentStarts = new Map<string, number[]>();
function startsOf(from: number, to: number, grain: '1h' | '1d', timeZone: string): number[] {
  const key = `${from}:${to}:${grain}:${timeZone}`;
  let starts = recentStarts.get(key);
  if (!starts) {
    if (recentStarts.size >= 64) recentStarts.clear();
    starts = bucketStarts(from, to, grain, timeZone);
    recentStarts.set(key, starts);
  }
  return starts;
}

/**
 * Rewrites the hour and day rollups of a point that cover [from, to), and those of the next
 * reading after the range (its delta depends on the last reading of the range); for an
 * electricity counter its time-of-use rollups of those days too.
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
  const days = startsOf(from, end, '1d', timeZone);
  const dayFrom = days[0] as number;
  const dayTo = nextDayStart(days.at(-1) as number, timeZone);
  const readings = await readingsOf(db, pointId, dayFrom, dayTo);
  const before = await valueBefore(db, pointId, dayFrom);
  const hours = startsOf(dayFrom, dayTo, '1h', timeZone);
  const rows = [
    ...rollupsOf(pointId, GRAIN.hour, readings, hours, before),
    ...rollupsOf(pointId, GRAIN.day, readings, days, before),
  ];
  await deleteRollups(db, pointId, dayFrom, dayTo);
  await insertRollups(db, rows);
  const plan = await touPlanOfPoint(db, pointId, timeZone);
  if (!plan) return;
  await deleteTouRollups(db, pointId, dayFrom, dayTo);
  if (plan.versions.length === 0) return;
  await insertTouRollups(
    db,
    touRollupsOf(plan.projectId, pointId, readings, hours, days, before, (ts) => plan.bandAt(ts)),
  );
}
