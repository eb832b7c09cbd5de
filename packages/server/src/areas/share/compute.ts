/**
 * The monthly results of a scheme by core's rounding rule (core/share.ts, ADR 0028): each month
 * up to now is split into parts at the versions' boundaries; in each part the amount (the
 * source's energy, or the loss object's loss) is split by the version's ratios (fixed, weights,
 * or the targets' metered consumption in that part), lines rounded, the remainder to the largest
 * ratio; a receiver's month is the sum of its part lines.
 */
import {
  addMonth,
  apportion,
  lossOf,
  monthBounds,
  monthOf,
  partsOf,
  type ResultType,
  ratiosOf,
  round2,
  startOf,
  sumParts,
  WEIGHTED_METHODS,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import type { Composition, EnergyModel } from '../energy/model.js';
import { combine, readSources, shown } from '../energy/sums.js';
import type { LossObjectRow } from '../loss/repo/objects.js';
import type { ResultMonth, VersionRow } from './repo/schemes.js';

export interface SchemeToCompute {
  type: ResultType;
  energyType: number;
  sourceNodeId: number | null;
  lossObject: LossObjectRow | null;
  versions: readonly VersionRow[];
}

/** The months a scheme's results cover from `fromMonth` to the current month. */
export function monthsFrom(fromMonth: string, now: number, timeZone: string): string[] {
  const last = monthOf(now, timeZone);
  const out: string[] = [];
  for (let m = fromMonth; m <= last && out.length < 1_000; m = addMonth(m, 1)) out.push(m);
  return out;
}

/** Values of compositions over [from, to) in the display unit (null: nothing measured). */
async function amounts(
  db: Db,
  model: EnergyModel,
  type: number,
  compositions: readonly Composition[],
  from: number,
  to: number,
): Promise<(number | null)[]> {
  const source = await readSources(db, model, compositions, [from, to]);
  const { multiplier } = model.unit(type);
  return compositions.map((c) => shown(combine(c, source)[0] ?? null, multiplier));
}

/** One month of a scheme (null when no version is in effect in it). */
export async function computeMonth(
  db: Db,
  model: EnergyModel,
  scheme: SchemeToCompute,
  month: string,
  now: number,
): Promise<ResultMonth | null> {
  const tz = model.project.timeZone;
  const bounds = monthBounds(month, tz);
  const end = Math.min(bounds.end, startOf(now, 'hour', tz));
  const parts = partsOf(bounds.start, end, scheme.versions);
  if (parts.length === 0) return null;
  const type = scheme.energyType;
  const computed: { nodeIds: number[]; lines: number[] }[] = [];
  const partsOut: ResultMonth['parts'] = [];
  let sourceAmount: number | null = null;
  for (const part of parts) {
    const version = scheme.versions[part.version] as VersionRow;
    const targets = version.targets.map((t) => t.nodeId);
    const metered = version.method === 'metered' || version.method === 'consumption';
    const targetComps = metered ? targets.map((id) => model.composition(id, type)) : [];
    let amount: number | null;
    let targetValues: (number | null)[] = [];
    if (scheme.type === 'loss' && scheme.lossObject) {
      const o = scheme.lossObject;
      const supply = model.composition(Number(o.supply_node_id), type);
      const consumers = o.consumerIds.map((id) => model.composition(id, type));
      const values = await amounts(
        db,
        model,
        type,
        [supply, ...consumers, ...targetComps],
        part.from,
        part.to,
      );
      amount = lossOf(values[0] ?? null, values.slice(1, 1 + consumers.length)).loss;
      targetValues = values.slice(1 + consumers.length);
    } else {
      const source = model.composition(scheme.sourceNodeId ?? 0, type);
      const values = await amounts(db, model, type, [source, ...targetComps], part.from, part.to);
      amount = values[0] === null || values[0] === undefined ? null : round2(values[0]);
      targetValues = values.slice(1);
    }
    if (amount === null) continue;
    const ratios = metered
      ? ratiosOf(targetValues)
      : WEIGHTED_METHODS.includes(version.method)
        ? ratiosOf(version.targets.map((t) => t.weight))
        : version.targets.map((t) => t.ratio ?? 0);
    const lines = apportion(amount, ratios);
    computed.push({ nodeIds: targets, lines });
    partsOut.push({ from: part.from, to: part.to, method: version.method, amount });
    sourceAmount = round2((sourceAmount ?? 0) + amount);
  }
  const { receivers, total } = sumParts(computed);
  return {
    month,
    start: bounds.start,
    end: bounds.end,
    sourceAmount,
    total,
    parts: partsOut,
    lines: receivers,
  };
}

/** The share of each line in a month's total (6 decimals); null when the total is 0. */
export function shareOf(amount: number, total: number): number | null {
  return total === 0 ? null : Math.round((amount / total) * 1e6) / 1e6;
}
