/** Time-of-use schemes (tou_schemes), their versions (tou_versions) and bindings (tou_bindings). */
import { ENERGY_TYPE, type TouDefinition } from '@eem/core';
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { TouSchemeTable } from '../../../db/schema.js';

export type TouSchemeRow = Selectable<TouSchemeTable>;

export interface TouVersionRow {
  id: number;
  scheme_id: number;
  effective_from: number;
  effective_to: number | null;
  definition: TouDefinition;
}

export function schemesOf(db: Db, projectId: number): Promise<TouSchemeRow[]> {
  return db
    .selectFrom('tou_schemes')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function schemeById(db: Db, projectId: number, id: number): Promise<TouSchemeRow | undefined> {
  return db
    .selectFrom('tou_schemes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The versions of a project's schemes (or of one), by scheme and effective date. */
export async function versionsOf(db: Db, projectId: number, schemeId?: number): Promise<TouVersionRow[]> {
  let query = db
    .selectFrom('tou_versions')
    .select(['id', 'scheme_id', 'effective_from', 'effective_to', 'definition'])
    .where('project_id', '=', projectId);
  if (schemeId !== undefined) query = query.where('scheme_id', '=', schemeId);
  const rows = await query.orderBy('scheme_id').orderBy('effective_from').execute();
  return rows.map((r) => ({ ...r, definition: JSON_COLUMNS.touDefinition.read(r.definition, r.id) }));
}

export interface VersionValues {
  id?: number | undefined;
  effective_from: number;
  effective_to: number | null;
  definition: TouDefinition;
}

/** Adds a scheme with its versions, in one transaction. */
export async function insertScheme(
  db: Db,
  projectId: number,
  name: string,
  versions: readonly VersionValues[],
  now: number,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('tou_schemes')
      .values({ project_id: projectId, name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeVersions(trx, projectId, row.id, versions);
    return row.id;
  });
}

/** Renames a scheme and replaces its versions (those with a known id keep it), in one transaction. */
export async function replaceScheme(
  db: Db,
  projectId: number,
  id: number,
  name: string,
  versions: readonly VersionValues[],
  now: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('tou_schemes')
      .set({ name, updated_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    await trx
      .deleteFrom('tou_versions')
      .where('project_id', '=', projectId)
      .where('scheme_id', '=', id)
      .execute();
    await writeVersions(trx, projectId, id, versions);
  });
}

async function writeVersions(
  db: Db,
  projectId: number,
  schemeId: number,
  versions: readonly VersionValues[],
) {
  for (const v of versions) {
    await db
      .insertInto('tou_versions')
      .values({
        ...(v.id === undefined ? {} : { id: v.id }),
        project_id: projectId,
        scheme_id: schemeId,
        effective_from: v.effective_from,
        effective_to: v.effective_to,
        definition: JSON_COLUMNS.touDefinition.write(v.definition),
      })
      .execute();
  }
}

/** Deletes a scheme that has no bindings (one bound meanwhile keeps it); whether it did. */
export async function deleteUnboundScheme(db: Db, projectId: number, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .deleteFrom('tou_schemes')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tou_bindings')
              .select('node_id')
              .where('tou_bindings.project_id', '=', projectId)
              .where('tou_bindings.scheme_id', '=', id),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await trx
      .deleteFrom('tou_versions')
      .where('project_id', '=', projectId)
      .where('scheme_id', '=', id)
      .execute();
    return true;
  });
}

/** Node (0: the project) → scheme of a project. */
export async function bindingsOf(db: Db, projectId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('tou_bindings')
    .select(['node_id', 'scheme_id'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(rows.map((r) => [r.node_id, r.scheme_id]));
}

/** Binds exactly `nodeIds` to the scheme: its other bindings go, nodes bound elsewhere move. */
export async function setBindings(
  db: Db,
  projectId: number,
  schemeId: number,
  nodeIds: readonly number[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('tou_bindings')
      .where('project_id', '=', projectId)
      .where('scheme_id', '=', schemeId)
      .execute();
    for (let i = 0; i < nodeIds.length; i += 500) {
      const chunk = nodeIds.slice(i, i + 500);
      await trx
        .deleteFrom('tou_bindings')
        .where('project_id', '=', projectId)
        .where('node_id', 'in', chunk)
        .execute();
      await trx
        .insertInto('tou_bindings')
        .values(chunk.map((node_id) => ({ project_id: projectId, node_id, scheme_id: schemeId })))
        .execute();
    }
  });
}

/** The project and node of a point when its quantity is the electricity counter (its consumption gets bands). */
export function electricCounter(db: Db, pointId: number) {
  return db
    .selectFrom('datalog_points as p')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .innerJoin('physical_quantities as q', (join) =>
      join.onRef('q.data_id', '=', 'p.data_id').onRef('q.tenant_id', '=', 'pr.tenant_id'),
    )
    .select(['p.project_id as projectId', 'p.node_id as nodeId'])
    .where('p.id', '=', pointId)
    .where('q.kind', '=', 'cumulative')
    .where('q.energy_type', '=', ENERGY_TYPE.electricity)
    .executeTakeFirst();
}
