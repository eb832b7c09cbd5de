/**
 * Readings as series: raw rows, 15-minute buckets from the raw rows, local hours and days from
 * the rollups, months from the day rollups. A bucket's value is a counter's increase or the
 * quantity's aggregation of its readings; buckets without readings are left out.
 */
import type { DatalogSeries } from '@eem/contract';
import { type Aggregation, bucketStarts, type DatalogInterval, type QuantityKind } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { PointInfo } from './point-store.js';
import { readingsOf, valueBefore } from './repo/readings.js';
import { rollupsIn } from './repo/rollups.js';
import { GRAIN, rollupsOf } from './rollups.js';

interface Bucket {
  n: number;
  sum: number;
  min: number;
  max: number;
  last: number;
  delta: number;
}

/** The value of a bucket for a quantity (sums rounded to 6 places: float noise of the adding). */
export function bucketValue(bucket: Bucket, kind: QuantityKind, aggregation: Aggregation): number {
  return Math.round(aggregate(bucket, kind, aggregation) * 1e6) / 1e6;
}

function aggregate(bucket: Bucket, kind: QuantityKind, aggregation: Aggregation): number {
  if (kind === 'cumulative') return bucket.delta;
  switch (aggregation) {
    case 'sum':
      return bucket.sum;
    case 'avg':
      return bucket.sum / bucket.n;
    case 'max':
      return bucket.max;
    case 'min':
      return bucket.min;
    case 'last':
      return bucket.last;
  }
}

/** One point's values over [from, to) at an interval. */
export async function seriesData(
  db: Db,
  point: Pick<PointInfo, 'id' | 'kind' | 'aggregation'>,
  from: number,
  to: number,
  interval: DatalogInterval,
  timeZone: string,
): Promise<{ time: number; value: number }[]> {
  if (interval === 'raw') {
    return (await readingsOf(db, point.id, from, to)).map((r) => ({ time: r.ts, value: r.value }));
  }
  if (interval === '15m') {
    const starts = bucketStarts(from, to, '15m', timeZone);
    const first = starts[0] as number;
    const readings = await readingsOf(db, point.id, first, to);
    const prev = point.kind === 'cumulative' ? await valueBefore(db, point.id, first) : undefined;
    return rollupsOf(point.id, 0, readings, starts, prev).map((b) => ({
      time: b.ts,
      value: bucketValue(b, point.kind, point.aggregation),
    }));
  }
  const grain = interval === '1h' ? GRAIN.hour : GRAIN.day;
  // Only the first bucket's start (months also need theirs): bucket lists cost Intl calls.
  const first = bucketStarts(from, from + 1, interval, timeZone)[0] as number;
  // A month is answered whole, as hours and days are: its days up to the month's end.
  const end =
    interval === '1M'
      ? (bucketStarts(to, to + 1, '1M', timeZone)[0] as number) < to
        ? monthAfter(to, timeZone)
        : to
      : to;
  const rows = await rollupsIn(db, point.id, grain, first, end);
  if (interval !== '1M') {
    return rows.map((b) => ({ time: b.ts, value: bucketValue(b, point.kind, point.aggregation) }));
  }
  return combine(rows, bucketStarts(first, end, '1M', timeZone)).map((b) => ({
    time: b.ts,
    value: bucketValue(b, point.kind, point.aggregation),
  }));
}

/** The start of the month after the one containing `ms`. */
function monthAfter(ms: number, timeZone: string): number {
  const start = bucketStarts(ms, ms + 1, '1M', timeZone)[0] as number;
  return bucketStarts(start + 32 * 86_400_000, start + 32 * 86_400_000 + 1, '1M', timeZone)[0] as number;
}

/** Day rollups combined into the buckets starting at `starts` (months). */
function combine(
  rows: readonly (Bucket & { ts: number })[],
  starts: readonly number[],
): (Bucket & { ts: number })[] {
  const out: (Bucket & { ts: number })[] = [];
  let b = 0;
  for (const r of rows) {
    while (b + 1 < starts.length && (starts[b + 1] as number) <= r.ts) b++;
    const ts = starts[b] as number;
    const current = out.at(-1);
    if (current && current.ts === ts) {
      current.n += r.n;
      current.sum += r.sum;
      current.min = Math.min(current.min, r.min);
      current.max = Math.max(current.max, r.max);
      current.last = r.last;
      current.delta += r.delta;
    } else out.push({ ...r, ts });
  }
  return out;
}

export function seriesOf(point: PointInfo, data: DatalogSeries['data']): DatalogSeries {
  return {
    pointId: point.id,
    nodeId: point.nodeId,
    nodeName: point.nodeName,
    name: point.name,
    unit: point.unit,
    kind: point.kind,
    decimals: point.decimals,
    data,
  };
}

/** Buckets (or raw rows, estimated at one per 15 minutes) a query would answer per point. */
export function estimatedValues(
  from: number,
  to: number,
  interval: DatalogInterval,
  timeZone: string,
): number {
  if (interval === 'raw' || interval === '15m') return Math.ceil((to - from) / 900_000);
  return bucketStarts(from, to, interval, timeZone).length;
}
