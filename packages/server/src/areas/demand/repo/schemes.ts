/** Billing schemes and their versions (migration 0040). */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { BillingSchemeTable, BillingSchemeVersionTable } from '../../../db/schema.js';

export function schemesOf(db: Db, projectId: number) {
  return db
    .selectFrom('billing_schemes')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .execute();
}

export function schemeById(db: Db, projectId: number, id: number) {
  return db
    .selectFrom('billing_schemes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function versionsOf(db: Db, projectId: number, schemeIds?: readonly number[]) {
  let q = db.selectFrom('billing_scheme_versions').selectAll().where('project_id', '=', projectId);
  if (schemeIds) {
    if (schemeIds.length === 0) return Promise.resolve([]);
    q = q.where('scheme_id', 'in', schemeIds);
  }
  return q.orderBy('scheme_id').orderBy('month_from').execute();
}

export async function replaceVersions(
  db: Db,
  schemeId: number,
  rows: readonly Insertable<BillingSchemeVersionTable>[],
): Promise<void> {
  await db.deleteFrom('billing_scheme_versions').where('scheme_id', '=', schemeId).execute();
  await insertVersions(db, rows);
}

export async function insertVersions(
  db: Db,
  rows: readonly Insertable<BillingSchemeVersionTable>[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('billing_scheme_versions')
      .values([...rows])
      .execute();
}

export async function insertScheme(db: Db, row: Insertable<BillingSchemeTable>): Promise<number> {
  const inserted = await db
    .insertInto('billing_schemes')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateScheme(
  db: Db,
  projectId: number,
  id: number,
  row: Updateable<BillingSchemeTable>,
): Promise<void> {
  await db
    .updateTable('billing_schemes')
    .set(row)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a scheme with its versions (in the caller's transaction). */
export async function deleteScheme(db: Db, projectId: number, id: number): Promise<void> {
  await db.deleteFrom('billing_scheme_versions').where('scheme_id', '=', id).execute();
  await db.deleteFrom('billing_schemes').where('project_id', '=', projectId).where('id', '=', id).execute();
}

/** Binds these inlets of the project to the scheme, and no others. */
export async function bindInlets(
  db: Db,
  projectId: number,
  schemeId: number,
  inletIds: readonly number[],
  now: number,
): Promise<void> {
  await db
    .updateTable('demand_inlets')
    .set({ billing_scheme_id: null, updated_at: now })
    .where('project_id', '=', projectId)
    .where('billing_scheme_id', '=', schemeId)
    .execute();
  if (inletIds.length > 0)
    await db
      .updateTable('demand_inlets')
      .set({ billing_scheme_id: schemeId, updated_at: now })
      .where('project_id', '=', projectId)
      .where('id', 'in', [...inletIds])
      .execute();
}
