/**
 * The answer of datalog.query as the screens show it: one label per series (unique, so the
 * chart's legend and the table's columns never merge two points), and table rows of time plus
 * one column per point over the union of the series' times.
 */
import type { DatalogSeries } from '@eem/contract';

/** 'Active power (kW)'; a point without unit by name only. */
export function pointCaption(point: { name: string; unit: string }): string {
  return point.unit ? `${point.name} (${point.unit})` : point.name;
}

/** The table column (and row field) of a point. */
export function pointKey(pointId: number): string {
  return `p${pointId}`;
}

/** 'node · point' (or just the node, or just the point), made unique with the point id where two agree. */
export function seriesLabels(
  series: readonly Pick<DatalogSeries, 'pointId' | 'nodeName' | 'name'>[],
  show: 'node-and-point' | 'node' | 'point' = 'node-and-point',
): Map<number, string> {
  const base = series.map((s) => ({
    id: s.pointId,
    label: show === 'node' ? s.nodeName : show === 'point' ? s.name : `${s.nodeName} · ${s.name}`,
  }));
  const counts = new Map<string, number>();
  for (const b of base) counts.set(b.label, (counts.get(b.label) ?? 0) + 1);
  return new Map(base.map((b) => [b.id, (counts.get(b.label) ?? 0) > 1 ? `${b.label} #${b.id}` : b.label]));
}

export interface SeriesRow {
  time: number;
  /** pointKey(id) → value (absent: no value at that time). */
  [point: string]: number;
}

/** Rows in time order: each time any series has a value, with every series' value at it. */
export function seriesRows(series: readonly Pick<DatalogSeries, 'pointId' | 'data'>[]): SeriesRow[] {
  const byTime = new Map<number, SeriesRow>();
  for (const s of series) {
    const key = pointKey(s.pointId);
    for (const { time, value } of s.data) {
      let row = byTime.get(time);
      if (!row) {
        row = { time };
        byTime.set(time, row);
      }
      row[key] = value;
    }
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** True when no series holds a value. */
export function noValues(series: readonly Pick<DatalogSeries, 'data'>[]): boolean {
  return series.every((s) => s.data.length === 0);
}
