/** Rollup buckets of readings (reading_rollups): per point, grain (1 local hour, 2 local day) and start. */
import type { Db } from '../../../db/database.js';
import type { ReadingRollupTable } from '../../../db/schema.js';

/** A point's buckets of a grain starting in [from, to), by start. */
export function rollupsIn(db: Db, pointId: number, grain: number, from: number, to: number) {
  return db
    .selectFrom('reading_rollups')
    .select(['ts', 'n', 'sum', 'min', 'max', 'last', 'delta'])
    .where('point_id', '=', pointId)
    .where('grain', '=', grain)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .execute();
}

/** The counter increases of a point's buckets of a grain since `since` (no order). */
export async function rollupDeltas(db: Db, pointId: number, grain: number, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('reading_rollups')
    .select('delta')
    .where('point_id', '=', pointId)
    .where('grain', '=', grain)
    .where('ts', '>=', since)
    .execute();
  return rows.map((r) => r.delta);
}

/** Readings counted per point and bucket of a grain starting in [from, to): `point:start` → n. */
export async function rollupCounts(
  db: Db,
  pointIds: readonly number[],
  grain: number,
  from: number,
  to: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < pointIds.length; i += 500) {
    const rows = await db
      .selectFrom('reading_rollups')
      .select(['point_id', 'ts', 'n'])
      .where('point_id', 'in', pointIds.slice(i, i + 500))
      .where('grain', '=', grain)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .execute();
    for (const r of rows) counts.set(`${r.point_id}:${r.ts}`, r.n);
  }
  return counts;
}

/** Inserts buckets in chunks (both dialects bind at most some thousands of parameters). */
export async function insertRollups(db: Db, rows: readonly ReadingRollupTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('reading_rollups')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Deletes a point's buckets (every grain) starting in [from, to). */
export async function deleteRollups(db: Db, pointId: number, from: number, to: number): Promise<void> {
  await db
    .deleteFrom('reading_rollups')
    .where('point_id', '=', pointId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .execute();
}
