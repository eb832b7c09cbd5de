/** Standard-coal factors (coal_factors): project 0 holds the platform defaults. */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { CoalFactorTable } from '../../../db/schema.js';

export type CoalFactorRow = Selectable<CoalFactorTable>;

/** The platform defaults and the project's overrides. */
export function coalFactorRows(db: Db, projectId: number): Promise<CoalFactorRow[]> {
  return db
    .selectFrom('coal_factors')
    .selectAll()
    .where('project_id', 'in', [0, projectId])
    .orderBy('energy_type')
    .orderBy('project_id')
    .execute();
}

export function coalFactorById(db: Db, id: number): Promise<CoalFactorRow | undefined> {
  return db.selectFrom('coal_factors').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCoalFactor(
  db: Db,
  values: { project_id: number; energy_type: number; factor: number; updated_at: number },
): Promise<void> {
  await db.insertInto('coal_factors').values(values).execute();
}

export async function updateCoalFactor(db: Db, id: number, factor: number, now: number): Promise<void> {
  await db.updateTable('coal_factors').set({ factor, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteCoalFactor(db: Db, id: number): Promise<void> {
  await db.deleteFrom('coal_factors').where('id', '=', id).execute();
}
