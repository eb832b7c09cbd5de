/** The quarter-hour demand rollup of each inlet (migration 0040). */
import type { Db } from '../../../db/database.js';

export interface RollupRow {
  ts: number;
  avg_kw: number | null;
  max_kw: number | null;
  max_at: number | null;
  source: number;
}

export const ROLLUP_SOURCE = { computed: 1, imported: 2 } as const;

/** An inlet's quarter hours in [from, to), by time. */
export async function rollupsOf(db: Db, inletId: number, from: number, to: number): Promise<RollupRow[]> {
  const rows = await db
    .selectFrom('demand_rollups')
    .select(['ts', 'avg_kw', 'max_kw', 'max_at', 'source'])
    .where('inlet_id', '=', inletId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .execute();
  // PostgreSQL answers bigint as text.
  return rows.map((r) => ({
    ts: Number(r.ts),
    avg_kw: r.avg_kw,
    max_kw: r.max_kw,
    max_at: r.max_at === null ? null : Number(r.max_at),
    source: r.source,
  }));
}

/**
 * Writes quarter hours of an inlet: computed ones replace computed ones and leave imported
 * ones be; imported ones replace anything. In chunks (SQLite's bound-parameter limit).
 */
export async function writeRollups(
  db: Db,
  projectId: number,
  inletId: number,
  rows: readonly RollupRow[],
): Promise<void> {
  const values = rows.map((r) => ({ project_id: projectId, inlet_id: inletId, ...r }));
  for (let i = 0; i < values.length; i += 400) {
    await db
      .insertInto('demand_rollups')
      .values(values.slice(i, i + 400))
      .onConflict((oc) =>
        oc
          .columns(['inlet_id', 'ts'])
          .doUpdateSet((eb) => ({
            avg_kw: eb.ref('excluded.avg_kw'),
            max_kw: eb.ref('excluded.max_kw'),
            max_at: eb.ref('excluded.max_at'),
            source: eb.ref('excluded.source'),
          }))
          .where((eb) =>
            eb.or([
              eb('excluded.source', '=', ROLLUP_SOURCE.imported),
              eb('demand_rollups.source', '!=', ROLLUP_SOURCE.imported),
            ]),
          ),
      )
      .execute();
  }
}

/** Deletes the computed quarter hours of an inlet in [from, to) (they are computed again). */
export async function deleteComputed(db: Db, inletId: number, from: number, to: number): Promise<void> {
  await db
    .deleteFrom('demand_rollups')
    .where('inlet_id', '=', inletId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .where('source', '=', ROLLUP_SOURCE.computed)
    .execute();
}

export async function setRolled(
  db: Db,
  inletId: number,
  values: { rolled_to?: number | null; edits_seen?: number },
): Promise<void> {
  await db.updateTable('demand_inlets').set(values).where('id', '=', inletId).execute();
}

/** The span and newest id of the edits of a point after `seen` (null: none). */
export async function editsAfter(
  db: Db,
  pointId: number,
  seen: number,
): Promise<{ from: number; to: number; id: number } | null> {
  const row = await db
    .selectFrom('datalog_edits')
    .select((eb) => [eb.fn.min('ts').as('from'), eb.fn.max('ts').as('to'), eb.fn.max('id').as('id')])
    .where('point_id', '=', pointId)
    .where('id', '>', seen)
    .executeTakeFirst();
  if (!row || row.id === null || row.from === null || row.to === null) return null;
  return { from: Number(row.from), to: Number(row.to), id: Number(row.id) };
}
