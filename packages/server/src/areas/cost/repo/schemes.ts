/** Accounting schemes, their rates and objects (migration 0042). */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { CostSchemeObjectTable, CostSchemeRateTable, CostSchemeTable } from '../../../db/schema.js';

export function schemesOf(db: Db, projectId: number, ids?: readonly number[]) {
  let q = db.selectFrom('cost_schemes').selectAll().where('project_id', '=', projectId);
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    q = q.where('id', 'in', [...ids]);
  }
  return q.orderBy('name').execute();
}

export function schemeRatesOf(db: Db, projectId: number, schemeIds: readonly number[]) {
  if (schemeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cost_scheme_rates')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('scheme_id', 'in', [...schemeIds])
    .orderBy('energy_type')
    .execute();
}

/** Objects of some schemes, or (schemeIds undefined) of the whole project. */
export function objectsOf(db: Db, projectId: number, schemeIds?: readonly number[]) {
  let q = db.selectFrom('cost_scheme_objects').selectAll().where('project_id', '=', projectId);
  if (schemeIds) {
    if (schemeIds.length === 0) return Promise.resolve([]);
    q = q.where('scheme_id', 'in', [...schemeIds]);
  }
  return q.orderBy('id').execute();
}

type SchemeRow = Omit<Insertable<CostSchemeTable>, 'project_id' | 'created_at'>;
type RateRow = Omit<Insertable<CostSchemeRateTable>, 'project_id' | 'scheme_id'>;
type ObjectRow = Omit<Insertable<CostSchemeObjectTable>, 'project_id' | 'scheme_id'>;

export async function replaceObjects(
  db: Db,
  projectId: number,
  schemeId: number,
  objects: readonly ObjectRow[],
) {
  await db.deleteFrom('cost_scheme_objects').where('scheme_id', '=', schemeId).execute();
  for (let i = 0; i < objects.length; i += 500)
    await db
      .insertInto('cost_scheme_objects')
      .values(objects.slice(i, i + 500).map((o) => ({ ...o, project_id: projectId, scheme_id: schemeId })))
      .execute();
}

async function replaceRates(db: Db, projectId: number, schemeId: number, rates: readonly RateRow[]) {
  await db.deleteFrom('cost_scheme_rates').where('scheme_id', '=', schemeId).execute();
  if (rates.length > 0)
    await db
      .insertInto('cost_scheme_rates')
      .values(rates.map((r) => ({ ...r, project_id: projectId, scheme_id: schemeId })))
      .execute();
}

export async function insertScheme(
  db: Db,
  projectId: number,
  row: SchemeRow & { created_at: number },
  rates: readonly RateRow[],
  objects: readonly ObjectRow[],
): Promise<number> {
  const inserted = await db
    .insertInto('cost_schemes')
    .values({ ...row, project_id: projectId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await replaceRates(db, projectId, id, rates);
  await replaceObjects(db, projectId, id, objects);
  return id;
}

export async function updateScheme(
  db: Db,
  projectId: number,
  id: number,
  row: SchemeRow,
  rates: readonly RateRow[],
  objects: readonly ObjectRow[],
): Promise<void> {
  await db
    .updateTable('cost_schemes')
    .set(row)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();
  await replaceRates(db, projectId, id, rates);
  await replaceObjects(db, projectId, id, objects);
}

export async function touchScheme(db: Db, projectId: number, id: number, now: number): Promise<void> {
  await db
    .updateTable('cost_schemes')
    .set({ updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();
}

export async function deleteScheme(db: Db, projectId: number, id: number): Promise<void> {
  await db.deleteFrom('cost_results').where('scheme_id', '=', id).execute();
  await db.deleteFrom('cost_calculations').where('scheme_id', '=', id).execute();
  await db.deleteFrom('cost_scheme_rates').where('scheme_id', '=', id).execute();
  await db.deleteFrom('cost_scheme_objects').where('scheme_id', '=', id).execute();
  await db.deleteFrom('cost_schemes').where('project_id', '=', projectId).where('id', '=', id).execute();
}
