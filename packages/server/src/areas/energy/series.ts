/**
 * Node series over period bounds: the values (display unit), totals, time-of-use bands, and the
 * year-on-year and month-on-month bounds of a range. Every analysis call builds on these.
 */
import {
  changeRate,
  ENERGY_TYPE,
  type PeriodUnit,
  periodBefore,
  TOU_BAND_KEYS,
  yearEarlier,
} from '@eem/core';
import { type Composition, isEmpty } from './model.js';
import type { EnergyCall } from './scope.js';
import { combine, combineBands, readSources, type SumSource, shown, totalOf } from './sums.js';

/** The starts of the periods of a range (its last bound ends the range). */
export const timesOf = (bounds: readonly number[]) => bounds.slice(0, -1);

/** What a series answer opens with: the project's zone, the cycle, the energy type and its unit, the period starts. */
export function seriesHead<Cycle>(
  call: EnergyCall,
  body: { cycle: Cycle; energyType: number },
  bounds: readonly number[],
) {
  return {
    timeZone: call.project.timeZone,
    cycle: body.cycle,
    energyType: body.energyType,
    unit: call.model.unit(body.energyType).unit,
    times: timesOf(bounds),
  };
}

export interface NodeBands {
  sharp: (number | null)[];
  peak: (number | null)[];
  flat: (number | null)[];
  valley: (number | null)[];
  unassigned: (number | null)[];
}

export interface NodeSeries {
  id: number;
  values: (number | null)[];
  total: number | null;
  metered: boolean;
  bands?: NodeBands;
}

/** Compositions of nodes for a type. */
export function compositionsOf(call: EnergyCall, ids: readonly number[], type: number): Composition[] {
  return ids.map((id) => call.model.composition(id, type));
}

/** A node's values and bands from a source read for its composition. */
export function seriesFrom(
  call: EnergyCall,
  id: number,
  composition: Composition,
  type: number,
  source: SumSource,
  withBands: boolean,
): NodeSeries {
  const { multiplier } = call.model.unit(type);
  const base = combine(composition, source);
  const values = base.map((v) => shown(v, multiplier));
  const series: NodeSeries = { id, values, total: totalOf(values), metered: !isEmpty(composition) };
  if (withBands && type === ENERGY_TYPE.electricity) {
    const bands = combineBands(composition, source);
    const out: NodeBands = { sharp: [], peak: [], flat: [], valley: [], unassigned: [] };
    for (let i = 0; i < source.periods; i++) {
      const total = base[i] ?? null;
      let banded = 0;
      TOU_BAND_KEYS.forEach((key, b) => {
        const v = (bands[b] as Float64Array)[i] as number;
        banded += v;
        out[key].push(total === null ? null : shown(v, multiplier));
      });
      out.unassigned.push(total === null ? null : shown(Math.max(0, total - banded), multiplier));
    }
    series.bands = out;
  }
  return series;
}

/** The series of several nodes over the same bounds, read once. */
export async function nodeSeries(
  call: EnergyCall,
  ids: readonly number[],
  type: number,
  bounds: readonly number[],
  options: { bands?: boolean } = {},
): Promise<NodeSeries[]> {
  const compositions = compositionsOf(call, ids, type);
  const withBands = options.bands === true && type === ENERGY_TYPE.electricity;
  const source = await readSources(call.ctx.services.db, call.model, compositions, bounds, {
    bands: withBands,
  });
  return ids.map((id, i) => seriesFrom(call, id, compositions[i] as Composition, type, source, withBands));
}

/** The bounds of the same periods a year earlier. */
export function yearEarlierBounds(call: EnergyCall, bounds: readonly number[], unit: PeriodUnit): number[] {
  return bounds.map((b) => yearEarlier(b, unit, call.project.timeZone, call.model.cycle));
}

/** The bounds extended by `count` periods before the first. */
export function boundsWithBefore(
  call: EnergyCall,
  bounds: readonly number[],
  unit: PeriodUnit,
  count: number,
): number[] {
  const before: number[] = [];
  let t = bounds[0] as number;
  for (let i = 0; i < count; i++) {
    t = periodBefore(t, unit, call.project.timeZone, call.model.cycle);
    before.unshift(t);
  }
  return [...before, ...bounds];
}

export function rates(
  values: readonly (number | null)[],
  bases: readonly (number | null)[],
): (number | null)[] {
  return values.map((v, i) => changeRate(v, bases[i] ?? null));
}

/** The period with the most consumption. */
export function peakOf(
  times: readonly number[],
  values: readonly (number | null)[],
): { time: number; value: number } | null {
  let peak: { time: number; value: number } | null = null;
  values.forEach((v, i) => {
    if (v !== null && (peak === null || v > peak.value)) peak = { time: times[i] as number, value: v };
  });
  return peak;
}

/** Shares in percent of a total (2 places); null when the total is not above 0. */
export function share(value: number | null, total: number | null): number | null {
  if (value === null || total === null || !(total > 0)) return null;
  return Math.round((value / total) * 10_000) / 100;
}
