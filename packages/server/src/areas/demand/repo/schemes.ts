/** Billing schemes and their versions (migration 0040). */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { BillingSchemeVersionTable } from '../../../db/schema.js';

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

export async function schemeNamed(
  db: Db,
  projectId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('billing_schemes')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
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
  if (rows.length > 0)
    await db
      .insertInto('billing_scheme_versions')
      .values([...rows])
      .execute();
}
