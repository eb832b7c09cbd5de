/**
 * Loss figures from the energy rollups (ADR 0028): a supply composition against its consumers'
 * compositions over period bounds, read in one pass for any number of loss definitions (the
 * overview reads every loss object of a project at once). Values are in the project's display
 * unit of the energy type; loss and rate follow core's lossOf (inputs rounded to 2 decimals, so
 * loss = supply − downstream as shown).
 */
import { type LossFigures, type LossLevel, lossLevelOf, lossOf, outsideLimits } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { Composition, EnergyModel } from '../energy/model.js';
import { combine, readSources, shown, totalOf } from '../energy/sums.js';
import type { LossObjectRow } from './repo/objects.js';

/** What a loss is computed of: a supply and its consumers, by composition. */
export interface LossDefinition {
  type: number;
  supply: Composition;
  consumers: readonly Composition[];
}

/** Per definition: the supply's and each consumer's values per period (display unit). */
export interface LossValues {
  supply: (number | null)[];
  consumers: (number | null)[][];
}

/** Reads the values of many loss definitions over the same bounds, in one pass over the rollups. */
export async function lossValues(
  db: Db,
  model: EnergyModel,
  definitions: readonly LossDefinition[],
  bounds: readonly number[],
): Promise<LossValues[]> {
  const compositions = definitions.flatMap((d) => [d.supply, ...d.consumers]);
  if (compositions.length === 0) return [];
  const source = await readSources(db, model, compositions, bounds);
  return definitions.map((d) => {
    const { multiplier } = model.unit(d.type);
    const values = (c: Composition) => combine(c, source).map((v) => shown(v, multiplier));
    return { supply: values(d.supply), consumers: d.consumers.map(values) };
  });
}

export interface Thresholds {
  levels: readonly LossLevel[];
  lowerLimitPct: number | null;
  upperLimitPct: number | null;
}

export type RatedFigures = LossFigures & { level: number; overLimit: boolean };

export function rated(figures: LossFigures, t: Thresholds): RatedFigures {
  return {
    ...figures,
    level: lossLevelOf(figures.ratePct, t.levels),
    overLimit:
      t.lowerLimitPct !== null &&
      t.upperLimitPct !== null &&
      outsideLimits(figures.ratePct, t.lowerLimitPct, t.upperLimitPct),
  };
}

/** The figures of period i. */
export function periodFigures(v: LossValues, i: number): LossFigures {
  return lossOf(
    v.supply[i] ?? null,
    v.consumers.map((c) => c[i] ?? null),
  );
}

/** The figures of the whole range (sums of the periods). */
export function rangeFigures(v: LossValues): LossFigures {
  return lossOf(totalOf(v.supply), v.consumers.map(totalOf));
}

/** The loss definition of a loss object (the consumption rule of each node, ADR 0017). */
export function objectDefinition(model: EnergyModel, o: LossObjectRow): LossDefinition {
  return {
    type: o.energy_type,
    supply: model.composition(Number(o.supply_node_id), o.energy_type),
    consumers: o.consumerIds.map((id) => model.composition(id, o.energy_type)),
  };
}
