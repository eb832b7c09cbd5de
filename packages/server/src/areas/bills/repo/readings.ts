/** What a bill reads beside the energy rollups: the reactive power points and their hour rollups. */
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { inChunks } from '../../../db/portable.js';

/** The points of a quantity (data id) of these nodes of a project (id, node). */
export function pointsOfNodes(db: Db, projectId: number, dataId: number, nodeIds: readonly number[]) {
  return inChunks([...nodeIds], (chunk) =>
    db
      .selectFrom('datalog_points')
      .select(['id', 'node_id'])
      .where('project_id', '=', projectId)
      .where('data_id', '=', dataId)
      .where('node_id', 'in', chunk)
      .execute(),
  );
}

export interface PeriodMeans {
  point_id: number | string;
  /** The period: between bounds[i] and bounds[i + 1]. */
  i: number | string;
  /** The hour means summed. */
  means: number;
  /** The hours with a value. */
  hours: number | string;
}

/** Per point and period between consecutive bounds: the rollups' means of a grain summed, and their count. */
export function meansByPeriod(
  db: Db,
  pointIds: readonly number[],
  bounds: readonly number[],
  grain: number,
): Promise<PeriodMeans[]> {
  const periods = sql.join(
    Array.from(
      { length: Math.max(0, bounds.length - 1) },
      (_, i) => sql`(cast(${i} as integer), cast(${bounds[i]} as bigint), cast(${bounds[i + 1]} as bigint))`,
    ),
  );
  return inChunks([...pointIds], async (chunk) => {
    const { rows } = await sql<PeriodMeans>`
      with periods (i, p_start, p_end) as (values ${periods})
      select r.point_id, periods.i, sum(r."sum" / r.n) as means, count(*) as hours
      from periods join reading_rollups r
        on r.grain = ${grain} and r.ts >= periods.p_start and r.ts < periods.p_end
      where r.point_id in (${sql.join(chunk)}) and r.n > 0
      group by r.point_id, periods.i
    `.execute(db);
    return rows;
  });
}
