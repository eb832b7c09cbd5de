/**
 * What a bill reads from the stored data for an inlet's metering node and some billing months
 * (ADR 0023): kWh per time-of-use band from the time-of-use rollups (the energy core's rule of
 * a node's consumption, ADR 0017), the unbanded rest from the reading rollups, and kvarh from
 * the hour rollups of the reactive power (kvar) of the same meters: each local hour's mean
 * × 1 h, summed. kvarh that cover less than 95 % of the month's hours so far are unknown (null):
 * set against the whole month's kWh they would make the power factor look better than it was
 * (the archive year keeps only the energy counters).
 */
import { type BillingMonth, ENERGY_TYPE, TOU_BAND_CODES, type TouBand } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { EnergyModel } from '../energy/model.js';
import { combine, combineBands, readSources } from '../energy/sums.js';
import { meansByPeriod, pointsOfNodes } from './repo/readings.js';

/** The reactive power quantity (kvar, instantaneous) of a meter. */
export const REACTIVE_POWER = 2001;
const HOUR_GRAIN = 1;
const HOUR_MS = 3_600_000;
/** The share of a month's hours so far that the reactive power must cover. */
export const REACTIVE_COVERAGE = 0.95;

export interface MonthEnergy {
  /** kWh per band (1 sharp .. 4 valley). */
  bands: Record<TouBand, number>;
  /** kWh no time-of-use scheme covered. */
  unassigned: number;
  /** All kWh of the month (null: nothing was read). */
  kWh: number | null;
  /** kvarh of the month (null: no reactive power stored for the month). */
  kvarh: number | null;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The months' kWh (per band and in all) and kvarh of a node's electricity, from the rollups. */
export async function monthEnergy(
  db: Db,
  model: EnergyModel,
  nodeId: number,
  months: readonly BillingMonth[],
  now: number,
): Promise<MonthEnergy[]> {
  if (months.length === 0) return [];
  const composition = model.composition(nodeId, ENERGY_TYPE.electricity);
  // Consecutive months share bounds; scattered months are read as the span that covers them.
  const bounds = boundsOf(months);
  const source = await readSources(db, model, [composition], bounds, { bands: true });
  const totals = combine(composition, source);
  const bands = combineBands(composition, source);
  const reactive = await reactiveEnergy(db, model, composition.points, bounds);
  return months.map((m) => {
    const i = bounds.indexOf(m.start);
    const byBand = {} as Record<TouBand, number>;
    let banded = 0;
    for (const band of TOU_BAND_CODES) {
      const v = round6((bands[band - 1] as Float64Array)[i] as number);
      byBand[band] = v;
      banded += v;
    }
    const kWh = totals[i] ?? null;
    const elapsed = Math.max(0, Math.min(now, m.end) - m.start) / HOUR_MS;
    const covered = (reactive.hours[i] ?? 0) >= REACTIVE_COVERAGE * elapsed;
    const kvarh = covered ? (reactive.kvarh[i] ?? null) : null;
    return {
      bands: byBand,
      unassigned: kWh === null ? 0 : Math.max(0, round6(kWh - banded)),
      kWh: kWh === null ? null : round6(kWh),
      kvarh: kvarh === null ? null : round6(kvarh),
    };
  });
}

/** Ascending bounds holding each month's start and end. */
function boundsOf(months: readonly BillingMonth[]): number[] {
  const set = new Set<number>();
  for (const m of months) {
    set.add(m.start);
    set.add(m.end);
  }
  return [...set].sort((a, b) => a - b);
}

/**
 * kvarh per period: the reactive power points of the meters behind the counter points (each
 * with the counter's coefficient), hour means summed (null where no bucket was read); and the
 * hours covered (of the point with the fewest).
 */
async function reactiveEnergy(
  db: Db,
  model: EnergyModel,
  counters: ReadonlyMap<number, number>,
  bounds: readonly number[],
): Promise<{ kvarh: (number | null)[]; hours: number[] }> {
  const n = Math.max(0, bounds.length - 1);
  const out = new Array<number | null>(n).fill(null);
  const result = { kvarh: out, hours: new Array<number>(n).fill(0) };
  const coefByMeter = new Map<number, number>();
  for (const [point, coef] of counters) {
    const meter = model.meterOf(point);
    if (meter !== undefined) coefByMeter.set(meter, (coefByMeter.get(meter) ?? 0) + coef);
  }
  if (coefByMeter.size === 0 || n === 0) return result;
  const points = await pointsOfNodes(db, model.project.id, REACTIVE_POWER, [...coefByMeter.keys()]);
  const coefByPoint = new Map(points.map((p) => [Number(p.id), coefByMeter.get(p.node_id) ?? 0]));
  if (coefByPoint.size === 0) return result;
  // Per point and period in SQL: the hour means summed and the hours with a value.
  const rows = await meansByPeriod(db, [...coefByPoint.keys()], bounds, HOUR_GRAIN);
  const hoursOf = new Map<number, number[]>();
  for (const r of rows) {
    const point = Number(r.point_id);
    const i = Number(r.i);
    out[i] = (out[i] ?? 0) + (coefByPoint.get(point) ?? 0) * Number(r.means);
    const counted = hoursOf.get(point) ?? new Array<number>(n).fill(0);
    counted[i] = Number(r.hours);
    hoursOf.set(point, counted);
  }
  for (let i = 0; i < n; i++)
    result.hours[i] = Math.min(...[...coefByPoint.keys()].map((p) => hoursOf.get(p)?.[i] ?? 0));
  return result;
}
