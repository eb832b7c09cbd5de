/** Rate schemes, their versions and prices (migration 0042). */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { CostRatePriceTable, CostRateTable } from '../../../db/schema.js';

export function ratesOf(db: Db, projectId: number, ids?: readonly number[]) {
  let q = db.selectFrom('cost_rates').selectAll().where('project_id', '=', projectId);
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    q = q.where('id', 'in', [...ids]);
  }
  return q.orderBy('name').execute();
}

export function rateVersionsOf(db: Db, projectId: number, rateIds: readonly number[]) {
  if (rateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cost_rate_versions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('rate_id', 'in', [...rateIds])
    .orderBy('rate_id')
    .orderBy('effective_from')
    .execute();
}

export function ratePricesOf(db: Db, versionIds: readonly number[]) {
  if (versionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cost_rate_prices')
    .selectAll()
    .where('version_id', 'in', [...versionIds])
    .orderBy('version_id')
    .orderBy('position')
    .execute();
}

export interface VersionInsert {
  effective_from: string;
  effective_to: string | null;
  price: number | null;
  pf_standard: number | null;
  prices: Omit<Insertable<CostRatePriceTable>, 'version_id'>[];
}

async function insertVersions(db: Db, projectId: number, rateId: number, versions: readonly VersionInsert[]) {
  for (const v of versions) {
    const row = await db
      .insertInto('cost_rate_versions')
      .values({
        project_id: projectId,
        rate_id: rateId,
        effective_from: v.effective_from,
        effective_to: v.effective_to,
        price: v.price,
        pf_standard: v.pf_standard,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (v.prices.length > 0)
      await db
        .insertInto('cost_rate_prices')
        .values(v.prices.map((p) => ({ ...p, version_id: Number(row.id) })))
        .execute();
  }
}

async function deleteVersions(db: Db, rateId: number): Promise<void> {
  const ids = (
    await db.selectFrom('cost_rate_versions').select('id').where('rate_id', '=', rateId).execute()
  ).map((r) => Number(r.id));
  if (ids.length > 0) await db.deleteFrom('cost_rate_prices').where('version_id', 'in', ids).execute();
  await db.deleteFrom('cost_rate_versions').where('rate_id', '=', rateId).execute();
}

export async function insertRate(
  db: Db,
  row: Insertable<CostRateTable>,
  versions: readonly VersionInsert[],
): Promise<number> {
  const inserted = await db.insertInto('cost_rates').values(row).returning('id').executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await insertVersions(db, row.project_id, id, versions);
  return id;
}

export async function updateRate(
  db: Db,
  projectId: number,
  id: number,
  row: Omit<Insertable<CostRateTable>, 'project_id' | 'created_at'>,
  versions: readonly VersionInsert[],
): Promise<void> {
  await db
    .updateTable('cost_rates')
    .set(row)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();
  await deleteVersions(db, id);
  await insertVersions(db, projectId, id, versions);
}

export async function deleteRate(db: Db, projectId: number, id: number): Promise<void> {
  await deleteVersions(db, id);
  await db.deleteFrom('cost_rates').where('project_id', '=', projectId).where('id', '=', id).execute();
}

/** The accounting schemes that use each of the rates (as volume, basic or PF rate). */
export function rateUses(db: Db, projectId: number) {
  return db
    .selectFrom('cost_scheme_rates')
    .innerJoin('cost_schemes', 'cost_schemes.id', 'cost_scheme_rates.scheme_id')
    .select([
      'cost_scheme_rates.rate_id',
      'cost_scheme_rates.basic_rate_id',
      'cost_scheme_rates.pf_rate_id',
      'cost_schemes.id as scheme_id',
      'cost_schemes.name as scheme_name',
    ])
    .where('cost_scheme_rates.project_id', '=', projectId)
    .execute();
}
