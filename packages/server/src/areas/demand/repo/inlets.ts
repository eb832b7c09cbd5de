/** Inlets, declarations and warning configurations (migration 0040). */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type {
  DemandDeclarationTable,
  DemandInletTable,
  DemandWarningConfigTable,
} from '../../../db/schema.js';

export type InletRow = {
  id: number;
  project_id: number;
  name: string;
  code: string;
  voltage_kv: number;
  bus_segment: string;
  transformer_kva: number;
  billing_method: string;
  declared_kw: number;
  window_type: string;
  meter_node_id: number;
  billing_scheme_id: number | null;
  account: string;
  remark: string;
  rolled_to: number | null;
  edits_seen: number;
  created_at: number;
  updated_at: number;
};

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
  if (Number(updated.numUpdatedRows) === 0)
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
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('demand_declarations').values(row).execute();
}

/** Declarations whose reminder is due: a reminder day set, not reminded yet. */
export function pendingReminders(db: Db) {
  return db
    .selectFrom('demand_declarations')
    .selectAll()
    .where('reminder_day', 'is not', null)
    .where('reminded_at', 'is', null)
    .execute();
}

export async function markReminded(db: Db, inletId: number, month: string, at: number): Promise<void> {
  await db
    .updateTable('demand_declarations')
    .set({ reminded_at: at })
    .where('inlet_id', '=', inletId)
    .where('month', '=', month)
    .execute();
}
