/** Per-project energy settings (energy_settings): the accounting cycle and the display units. */
import { type CycleSettings, DEFAULT_CYCLE } from '@eem/core';
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';

export type UnitSettings = Record<string, { unit: string; multiplier: number }>;

export interface EnergySettings {
  cycle: CycleSettings;
  /** By energy type code (as text); types not listed use their base unit. */
  units: UnitSettings;
}

/** A project's settings; the defaults where none are stored. */
export async function energySettings(db: Db, projectId: number): Promise<EnergySettings> {
  const row = await db
    .selectFrom('energy_settings')
    .select(['cycle', 'units'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return {
    cycle: row?.cycle ? JSON_COLUMNS.energyCycle.read(row.cycle, projectId) : { ...DEFAULT_CYCLE },
    units: row?.units ? JSON_COLUMNS.energyUnits.read(row.units, projectId) : {},
  };
}

/** Stores the cycle or the units of a project (the other stays). */
export async function writeEnergySettings(
  db: Db,
  projectId: number,
  values: { cycle?: CycleSettings; units?: UnitSettings },
  now: number,
): Promise<void> {
  const set = {
    ...(values.cycle ? { cycle: JSON_COLUMNS.energyCycle.write(values.cycle) } : {}),
    ...(values.units ? { units: JSON_COLUMNS.energyUnits.write(values.units) } : {}),
    updated_at: now,
  };
  await db
    .insertInto('energy_settings')
    .values({ project_id: projectId, cycle: null, units: null, ...set })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(set))
    .execute();
}
