/**
 * Time-of-use rollups (tou_rollups): per electricity counter point, grain (1 local hour, 2
 * local day) and bucket start, the counter increase in each band. Written with the reading
 * rollups (datalog/rollups.ts) and by the re-split task.
 */
import type { Db } from '../../../db/database.js';
import { inChunks } from '../../../db/portable.js';
import type { TouRollupTable } from '../../../db/schema.js';

/** Deletes a point's band buckets (both grains) starting in [from, to). */
export async function deleteTouRollups(db: Db, pointId: number, from: number, to: number): Promise<void> {
  await db
    .deleteFrom('tou_rollups')
    .where('point_id', '=', pointId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .execute();
}

/** Inserts band buckets, 500 a statement. */
export async function insertTouRollups(db: Db, rows: readonly TouRollupTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('tou_rollups')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Band buckets of points of a grain starting in [from, to) (no order). */
export async function touRollupsIn(
  db: Db,
  pointIds: readonly number[],
  grain: number,
  from: number,
  to: number,
): Promise<{ point_id: number; ts: number; band: number; delta: number }[]> {
  return inChunks(pointIds, (chunk) =>
    db
      .selectFrom('tou_rollups')
      .select(['point_id', 'ts', 'band', 'delta'])
      .where('point_id', 'in', chunk)
      .where('grain', '=', grain)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .execute(),
  );
}
