/** Maintenance items and plans of a project; lists of ids and parts are JSON columns. */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { jsonRow } from '../../../db/json-column.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import { contains, countOf } from '../../../db/portable.js';
import type { MaintenanceItemTable, MaintenancePlanTable } from '../../../db/schema.js';

const C = JSON_COLUMNS;

export type ItemRow = Omit<Selectable<MaintenanceItemTable>, 'spare_parts'> & {
  spare_parts: { partId: number; quantity: number }[];
};
export type ItemValues = Omit<ItemRow, 'id' | 'project_id' | 'created_at'>;

const itemJson = jsonRow({ spare_parts: C.itemSpareParts });
const decodedItem = (row: Selectable<MaintenanceItemTable>): ItemRow => itemJson.read(row);

function itemsMatching(db: Db, projectId: number, keyword: string, deviceType: string) {
  let query = db.selectFrom('maintenance_items').where('project_id', '=', projectId);
  if (keyword) query = query.where((eb) => eb.or([contains('name', keyword), contains('content', keyword)]));
  if (deviceType) query = query.where('device_type', '=', deviceType);
  return query;
}

export async function itemCount(
  db: Db,
  projectId: number,
  keyword: string,
  deviceType: string,
): Promise<number> {
  return countOf(itemsMatching(db, projectId, keyword, deviceType));
}

export async function itemPage(
  db: Db,
  projectId: number,
  keyword: string,
  deviceType: string,
  page: { limit: number; offset: number },
): Promise<ItemRow[]> {
  const rows = await itemsMatching(db, projectId, keyword, deviceType)
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(decodedItem);
}

export async function itemsByIds(db: Db, projectId: number, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('maintenance_items')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(decodedItem);
}

export async function insertItem(
  db: Db,
  values: ItemValues & { project_id: number; created_at: number },
): Promise<ItemRow> {
  const row = await db
    .insertInto('maintenance_items')
    .values(itemJson.write(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodedItem(row);
}

export async function updateItem(
  db: Db,
  projectId: number,
  id: number,
  values: ItemValues,
): Promise<ItemRow> {
  const row = await db
    .updateTable('maintenance_items')
    .set(itemJson.write(values))
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodedItem(row);
}

export async function deleteItem(db: Db, projectId: number, id: number): Promise<void> {
  await db.deleteFrom('maintenance_items').where('project_id', '=', projectId).where('id', '=', id).execute();
}

// ------------------------------------------------------------------ plans

export type PlanRow = Omit<Selectable<MaintenancePlanTable>, 'device_ids' | 'item_ids'> & {
  device_ids: number[];
  item_ids: number[];
};
export type PlanValues = Omit<PlanRow, 'id' | 'project_id' | 'created_at'>;

const planJson = jsonRow({ device_ids: C.maintenancePlanDeviceIds, item_ids: C.maintenancePlanItemIds });
const decodedPlan = (row: Selectable<MaintenancePlanTable>): PlanRow => planJson.read(row);

function plansMatching(db: Db, projectId: number, keyword: string, enabled: boolean | undefined) {
  let query = db.selectFrom('maintenance_plans').where('project_id', '=', projectId);
  if (keyword) query = query.where(contains('name', keyword));
  if (enabled !== undefined) query = query.where('enabled', '=', enabled ? 1 : 0);
  return query;
}

export async function planCount(
  db: Db,
  projectId: number,
  keyword: string,
  enabled?: boolean,
): Promise<number> {
  return countOf(plansMatching(db, projectId, keyword, enabled));
}

export async function planPage(
  db: Db,
  projectId: number,
  keyword: string,
  enabled: boolean | undefined,
  page: { limit: number; offset: number },
): Promise<PlanRow[]> {
  const rows = await plansMatching(db, projectId, keyword, enabled)
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(decodedPlan);
}

/** Every plan of a project (which name a device or an item). */
export async function projectPlans(db: Db, projectId: number): Promise<PlanRow[]> {
  const rows = await db
    .selectFrom('maintenance_plans')
    .selectAll()
    .where('project_id', '=', projectId)
    .execute();
  return rows.map(decodedPlan);
}

export async function plansByIds(db: Db, projectId: number, ids: readonly number[]): Promise<PlanRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('maintenance_plans')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows.map(decodedPlan);
}

export async function insertPlan(
  db: Db,
  values: PlanValues & { project_id: number; created_at: number },
): Promise<PlanRow> {
  const row = await db
    .insertInto('maintenance_plans')
    .values(planJson.write(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodedPlan(row);
}

export async function updatePlan(
  db: Db,
  projectId: number,
  id: number,
  values: Partial<PlanValues>,
): Promise<PlanRow> {
  const row = await db
    .updateTable('maintenance_plans')
    .set(planJson.write(values))
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodedPlan(row);
}

export async function deletePlan(db: Db, projectId: number, id: number): Promise<void> {
  await db.deleteFrom('maintenance_plans').where('project_id', '=', projectId).where('id', '=', id).execute();
}

/** Enabled plans of every project whose next occurrence is due (its time − the reminder lead ≤ now). */
export async function duePlans(db: Db, now: number, limit: number): Promise<PlanRow[]> {
  const rows = await db
    .selectFrom('maintenance_plans')
    .selectAll()
    .where('enabled', '=', 1)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map(decodedPlan);
}

/** Moves a plan to its next occurrence, if it is still at the one the caller read. */
export async function advancePlan(
  db: Db,
  plan: { project_id: number; id: number; next_index: number },
  next: { next_index: number; next_time: number; due_at: number; last_generated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('maintenance_plans')
    .set(next)
    .where('project_id', '=', plan.project_id)
    .where('id', '=', plan.id)
    .where('next_index', '=', plan.next_index)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
