/** Inlets, declarations and warning configurations (migration 0040). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type {
  DemandDeclarationTable,
  DemandInletTable,
  DemandWarningConfigTable,
} from '../../../db/schema.js';

export type InletRow = Selectable<DemandInletTable>;

/** Every inlet of a project (at most DEMAND_LIMITS.inlets), by name. */
export function inletsOf(db: Db, projectId: number): Promise<InletRow[]> {
  return db
    .selectFrom('demand_inlets')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .execute();
}

/** Every inlet of every project (the warning engine and the rollup keeper). */
export function allInlets(db: Db): Promise<InletRow[]> {
  return db.selectFrom('demand_inlets').selectAll().orderBy('id').execute();
}

export async function inletById(db: Db, projectId: number, id: number): Promise<InletRow | undefined> {
  return db
    .selectFrom('demand_inlets')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An inlet of the project with this name or bus segment (other than `exceptId`). */
export async function inletClash(
  db: Db,
  projectId: number,
  field: 'name' | 'bus_segment',
  value: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('demand_inlets')
    .select('id')
    .where('project_id', '=', projectId)
    .where(field, '=', value);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertInlet(db: Db, row: Insertable<DemandInletTable>): Promise<number> {
  const inserted = await db.insertInto('demand_inlets').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Changes an inlet by id alone (the import, on inlets it read from the project). */
export async function updateInletById(db: Db, id: number, row: Updateable<DemandInletTable>): Promise<void> {
  await db.updateTable('demand_inlets').set(row).where('id', '=', id).execute();
}

export async function updateInlet(
  db: Db,
  projectId: number,
  id: number,
  row: Updateable<DemandInletTable>,
): Promise<void> {
  await db
    .updateTable('demand_inlets')
    .set(row)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();
}

/** Deletes an inlet with everything that belongs to it. */
export async function deleteInletRows(db: Db, projectId: number, id: number): Promise<void> {
  await db.deleteFrom('demand_rollups').where('inlet_id', '=', id).execute();
  await db.deleteFrom('demand_declarations').where('inlet_id', '=', id).execute();
  await db.deleteFrom('demand_warning_configs').where('inlet_id', '=', id).execute();
  const bills = db.selectFrom('utility_bills').select('id').where('inlet_id', '=', id);
  await db.deleteFrom('utility_bill_lines').where('bill_id', 'in', bills).execute();
  await db.deleteFrom('utility_bills').where('inlet_id', '=', id).execute();
  await db.deleteFrom('demand_inlets').where('project_id', '=', projectId).where('id', '=', id).execute();
}

export function warningConfigOf(db: Db, inletId: number) {
  return db
    .selectFrom('demand_warning_configs')
    .selectAll()
    .where('inlet_id', '=', inletId)
    .executeTakeFirst();
}

export function warningConfigsOf(db: Db, projectId: number | null) {
  let q = db.selectFrom('demand_warning_configs').selectAll();
  if (projectId !== null) q = q.where('project_id', '=', projectId);
  return q.execute();
}

export async function saveWarningConfigRow(db: Db, row: DemandWarningConfigTable): Promise<void> {
  const { inlet_id, ...rest } = row;
  const updated = await db
    .updateTable('demand_warning_configs')
    .set(rest)
    .where('inlet_id', '=', inlet_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await insertWarningConfig(db, row);
}

export async function insertWarningConfig(db: Db, row: DemandWarningConfigTable): Promise<void> {
  await db.insertInto('demand_warning_configs').values(row).execute();
}

export function declarationsOf(db: Db, inletIds: readonly number[], from: string, to: string) {
  if (inletIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('demand_declarations')
    .selectAll()
    .where('inlet_id', 'in', inletIds)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .execute();
}

export async function saveDeclaration(db: Db, row: DemandDeclarationTable): Promise<void> {
  const { inlet_id, month, ...rest } = row;
  const updated = await db
    .updateTable('demand_declarations')
    .set(rest)
    .where('inlet_id', '=', inlet_id)
    .where('month', '=', month)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await insertDeclaration(db, row);
}

export async function insertDeclaration(db: Db, row: DemandDeclarationTable): Promise<void> {
  await db.insertInto('demand_declarations').values(row).execute();
}

/** Every declared value of an inlet (month, kW). */
export function declaredValuesOf(db: Db, inletId: number): Promise<{ month: string; value_kw: number }[]> {
  return db
    .selectFrom('demand_declarations')
    .select(['month', 'value_kw'])
    .where('inlet_id', '=', inletId)
    .execute();
}

/** Declarations of the months `from`..`to` not reminded yet, with their inlet's name. */
export function unremindedDeclarations(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom('demand_declarations')
    .innerJoin('demand_inlets', 'demand_inlets.id', 'demand_declarations.inlet_id')
    .selectAll('demand_declarations')
    .select('demand_inlets.name as inlet_name')
    .where('demand_declarations.reminded_at', 'is', null)
    .where('demand_declarations.reminder_day', 'is not', null)
    .where('demand_declarations.month', '>=', from)
    .where('demand_declarations.month', '<=', to)
    .orderBy('demand_declarations.inlet_id')
    .limit(limit)
    .execute();
}

/** Marks a declaration reminded, unless it was saved again meanwhile; answers whether it was. */
export async function markReminded(
  db: Db,
  row: { inlet_id: number; month: string; updated_at: number },
  now: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('demand_declarations')
    .set({ reminded_at: now })
    .where('inlet_id', '=', row.inlet_id)
    .where('month', '=', row.month)
    .where('updated_at', '=', row.updated_at)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
