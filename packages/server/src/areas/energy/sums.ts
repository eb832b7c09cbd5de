/**
 * Sums of consumption over periods, from the rollups only. Periods are given by their bounds
 * (ascending instants; period i is [bounds[i], bounds[i+1])): whole local days inside a period
 * are read from the day rollups, the rest (a day start hour other than midnight, hourly
 * periods, a stretch up to now) from the hour rollups. Each grain is read for all points of a
 * call in one range query per stretch, so the cost is the buckets read, not the nodes asked.
 * Manual entries are spread over their period by time.
 */
import {
  type CycleSettings,
  nextDayStart,
  nextPeriodStart,
  type PeriodUnit,
  periodStarts,
  startOf,
  zonedTime,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import { entryRows } from '../entries/repo/entries.js';
import { touRollupsIn } from '../metering/repo/tou-rollups.js';
import type { Composition, EnergyModel } from './model.js';
import { rollupDeltas } from './repo/rollup-sums.js';

const HOUR = 1;
const DAY = 2;

/** The bounds of the whole periods of `unit` that overlap [from, to). */
export function periodBounds(
  from: number,
  to: number,
  unit: PeriodUnit,
  timeZone: string,
  cycle: CycleSettings,
): number[] {
  const starts = periodStarts(from, to, unit, timeZone, cycle);
  if (starts.length === 0) return [];
  return [...starts, nextPeriodStart(starts.at(-1) as number, unit, timeZone, cycle)];
}

type Range = [number, number];

function merge(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Which stretches of the bounds to read from day buckets and which from hour buckets. */
export function segmentsOf(bounds: readonly number[], timeZone: string): { days: Range[]; hours: Range[] } {
  const days: Range[] = [];
  const hours: Range[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const a = bounds[i] as number;
    const b = bounds[i + 1] as number;
    const dayOfA = startOf(a, 'day', timeZone);
    const da = dayOfA === a ? a : nextDayStart(dayOfA, timeZone);
    const db = startOf(b, 'day', timeZone);
    if (da < db) {
      days.push([da, db]);
      hours.push([a, da], [db, b]);
    } else hours.push([a, b]);
  }
  return { days: merge(days), hours: merge(hours) };
}

/** The period index of an instant (bounds ascending), or -1 outside. */
export function periodIndex(bounds: readonly number[], ts: number): number {
  let lo = 0;
  let hi = bounds.length - 1;
  if (hi < 1 || ts < (bounds[0] as number) || ts >= (bounds[hi] as number)) return -1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((bounds[mid] as number) <= ts) lo = mid;
    else hi = mid;
  }
  return lo;
}

export interface PointSums {
  /** Per point the sum of each period (base unit). */
  values: Map<number, Float64Array>;
  /** Per point whether a bucket was read in each period. */
  seen: Map<number, Uint8Array>;
}

/** Counter increases of points per period, from the day and hour rollups. */
export async function readPointSums(
  db: Db,
  pointIds: readonly number[],
  bounds: readonly number[],
  timeZone: string,
): Promise<PointSums> {
  const n = Math.max(0, bounds.length - 1);
  const values = new Map<number, Float64Array>();
  const seen = new Map<number, Uint8Array>();
  for (const id of pointIds) {
    values.set(id, new Float64Array(n));
    seen.set(id, new Uint8Array(n));
  }
  if (pointIds.length === 0 || n === 0) return { values, seen };
  const { days, hours } = segmentsOf(bounds, timeZone);
  const apply = (rows: readonly { point_id: number; ts: number; delta: number }[]) => {
    for (const r of rows) {
      const i = periodIndex(bounds, r.ts);
      if (i < 0) continue;
      const v = values.get(r.point_id);
      const s = seen.get(r.point_id);
      if (!v || !s) continue;
      v[i] = (v[i] as number) + r.delta;
      s[i] = 1;
    }
  };
  for (const [a, b] of days) apply(await rollupDeltas(db, pointIds, DAY, a, b));
  for (const [a, b] of hours) apply(await rollupDeltas(db, pointIds, HOUR, a, b));
  return { values, seen };
}

/** Per point, per band (index 0..3 for bands 1..4) the increases of each period. */
export type BandSums = Map<number, Float64Array[]>;

export async function readBandSums(
  db: Db,
  pointIds: readonly number[],
  bounds: readonly number[],
  timeZone: string,
): Promise<BandSums> {
  const n = Math.max(0, bounds.length - 1);
  const out: BandSums = new Map();
  for (const id of pointIds)
    out.set(
      id,
      [0, 1, 2, 3].map(() => new Float64Array(n)),
    );
  if (pointIds.length === 0 || n === 0) return out;
  const { days, hours } = segmentsOf(bounds, timeZone);
  const apply = (rows: readonly { point_id: number; ts: number; band: number; delta: number }[]) => {
    for (const r of rows) {
      const i = periodIndex(bounds, r.ts);
      const bands = out.get(r.point_id);
      const band = bands?.[r.band - 1];
      if (i < 0 || !band) continue;
      band[i] = (band[i] as number) + r.delta;
    }
  };
  for (const [a, b] of days) apply(await touRollupsIn(db, pointIds, DAY, a, b));
  for (const [a, b] of hours) apply(await touRollupsIn(db, pointIds, HOUR, a, b));
  return out;
}

/** The instants an entry's period key covers: 'YYYY-MM' an accounting month, 'YYYY-MM-DD' a day. */
export function entryInterval(
  period: string,
  timeZone: string,
  cycle: CycleSettings,
): [number, number] | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (m[3] === undefined) {
    const start = zonedTime(timeZone, year, month, cycle.monthStartDay, cycle.dayStartHour);
    return [start, nextPeriodStart(start, 'month', timeZone, cycle)];
  }
  const start = zonedTime(timeZone, year, month, Number(m[3]), cycle.dayStartHour);
  return [start, nextPeriodStart(start, 'day', timeZone, cycle)];
}

/** Manual entries of 'node:type' keys per period: each spread evenly over its time. */
export async function readManualSums(
  db: Db,
  model: EnergyModel,
  keys: readonly string[],
  bounds: readonly number[],
): Promise<PointSums & { byKey: Map<string, number> }> {
  const n = Math.max(0, bounds.length - 1);
  const values = new Map<number, Float64Array>();
  const seen = new Map<number, Uint8Array>();
  const byKey = new Map<string, number>();
  if (keys.length === 0 || n === 0) return { values, seen, byKey };
  keys.forEach((k, i) => {
    byKey.set(k, i);
    values.set(i, new Float64Array(n));
    seen.set(i, new Uint8Array(n));
  });
  const nodeIds = [...new Set(keys.map((k) => Number(k.split(':')[0])))];
  const types = [...new Set(keys.map((k) => Number(k.split(':')[1])))];
  const first = new Date(bounds[0] as number).getUTCFullYear() - 1;
  const last = new Date(bounds.at(-1) as number).getUTCFullYear() + 1;
  const prefixes: string[] = [];
  for (let y = first; y <= last; y++) prefixes.push(String(y));
  const rows = await entryRows(db, model.project.id, { nodeIds, energyTypes: types, prefixes });
  for (const r of rows) {
    const index = byKey.get(`${r.node_id}:${r.energy_type}`);
    const interval = entryInterval(r.period, model.timeZone, model.cycle);
    if (index === undefined || !interval) continue;
    const [s, e] = interval;
    const v = values.get(index) as Float64Array;
    const seenOf = seen.get(index) as Uint8Array;
    for (let i = 0; i < n; i++) {
      const overlap = Math.min(bounds[i + 1] as number, e) - Math.max(bounds[i] as number, s);
      if (overlap <= 0) continue;
      v[i] = (v[i] as number) + (r.quantity * overlap) / (e - s);
      seenOf[i] = 1;
    }
  }
  return { values, seen, byKey };
}

/** Everything a set of compositions needs over some bounds, read once. */
export interface SumSource {
  points: PointSums;
  manual: PointSums & { byKey: Map<string, number> };
  bands: BandSums | null;
  periods: number;
}

export async function readSources(
  db: Db,
  model: EnergyModel,
  compositions: readonly Composition[],
  bounds: readonly number[],
  options: { bands?: boolean } = {},
): Promise<SumSource> {
  const pointIds = new Set<number>();
  const manualKeys = new Set<string>();
  for (const c of compositions) {
    for (const p of c.points.keys()) pointIds.add(p);
    for (const k of c.manual.keys()) manualKeys.add(k);
  }
  const ids = [...pointIds];
  const [points, manual, bands] = await Promise.all([
    readPointSums(db, ids, bounds, model.timeZone),
    readManualSums(db, model, [...manualKeys], bounds),
    options.bands ? readBandSums(db, ids, bounds, model.timeZone) : Promise.resolve(null),
  ]);
  return { points, manual, bands, periods: Math.max(0, bounds.length - 1) };
}

/** A composition's sum per period (base unit, or tce for a tce composition); null where nothing was read. */
export function combine(c: Composition, source: SumSource): (number | null)[] {
  const out = new Array<number | null>(source.periods).fill(null);
  const add = (values: Float64Array | undefined, seenOf: Uint8Array | undefined, coef: number) => {
    if (!values || !seenOf) return;
    for (let i = 0; i < source.periods; i++) {
      if (seenOf[i] === 0) continue;
      out[i] = (out[i] ?? 0) + coef * (values[i] as number);
    }
  };
  for (const [point, coef] of c.points)
    add(source.points.values.get(point), source.points.seen.get(point), coef);
  for (const [key, coef] of c.manual) {
    const index = source.manual.byKey.get(key);
    if (index !== undefined) add(source.manual.values.get(index), source.manual.seen.get(index), coef);
  }
  return out;
}

/** A composition's bands per period (index 0..3 for sharp..valley), base unit. */
export function combineBands(c: Composition, source: SumSource): Float64Array[] {
  const out = [0, 1, 2, 3].map(() => new Float64Array(source.periods));
  if (!source.bands) return out;
  for (const [point, coef] of c.points) {
    const bands = source.bands.get(point);
    if (!bands) continue;
    for (let b = 0; b < 4; b++) {
      const from = bands[b] as Float64Array;
      const to = out[b] as Float64Array;
      for (let i = 0; i < source.periods; i++) to[i] = (to[i] as number) + coef * (from[i] as number);
    }
  }
  return out;
}

/** A value for people and charts: × the display multiplier, rounded to 6 places. */
export function shown(value: number | null, multiplier = 1): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.round(value * multiplier * 1e6) / 1e6;
}

/** The sum of the non-null values; null when all are null. */
export function totalOf(values: readonly (number | null)[]): number | null {
  let total: number | null = null;
  for (const v of values) if (v !== null) total = (total ?? 0) + v;
  return total === null ? null : Math.round(total * 1e6) / 1e6;
}
