/**
 * The bulk reads of the energy analysis: the counter increases (`delta`) of many points' hour
 * or day rollups over a range in one query (500 points a statement), only the columns summed.
 */
import type { Db } from '../../../db/database.js';
import { inChunks } from '../../../db/portable.js';

export interface DeltaRow {
  point_id: number;
  ts: number;
  delta: number;
}

/** Increases of points' buckets of a grain starting in [from, to) (no order). */
export async function rollupDeltas(
  db: Db,
  pointIds: readonly number[],
  grain: number,
  from: number,
  to: number,
): Promise<DeltaRow[]> {
  if (pointIds.length === 0 || !(to > from)) return [];
  return inChunks(pointIds, (chunk) =>
    db
      .selectFrom('reading_rollups')
      .select(['point_id', 'ts', 'delta'])
      .where('point_id', 'in', chunk)
      .where('grain', '=', grain)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .execute(),
  );
}

/** Buckets of points of a grain starting in [from, to) with their reading counts and last values. */
export async function rollupReadings(
  db: Db,
  pointIds: readonly number[],
  grain: number,
  from: number,
  to: number,
): Promise<{ point_id: number; ts: number; n: number; last: number; delta: number }[]> {
  if (pointIds.length === 0 || !(to > from)) return [];
  return inChunks(pointIds, (chunk) =>
    db
      .selectFrom('reading_rollups')
      .select(['point_id', 'ts', 'n', 'last', 'delta'])
      .where('point_id', 'in', chunk)
      .where('grain', '=', grain)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .orderBy('point_id')
      .orderBy('ts')
      .execute(),
  );
}

/**
 * The counter points of a project that measure an energy type: point, node, data id and the
 * quantity's energy type (cumulative quantities with an energy type only).
 */
export function energyPoints(db: Db, project: { id: number; tenantId: number }) {
  return db
    .selectFrom('datalog_points as p')
    .innerJoin('physical_quantities as q', (join) =>
      join.onRef('q.data_id', '=', 'p.data_id').on('q.tenant_id', '=', project.tenantId),
    )
    .select(['p.id as id', 'p.node_id as nodeId', 'p.data_id as dataId', 'q.energy_type as energyType'])
    .where('p.project_id', '=', project.id)
    .where('q.kind', '=', 'cumulative')
    .where('q.energy_type', 'is not', null)
    .orderBy('p.id')
    .execute();
}
