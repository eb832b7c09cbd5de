/** Raw readings (readings): one value per point and time; reads are primary-key range reads. */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ReadingTable } from '../../../db/schema.js';

export interface Reading {
  ts: number;
  value: number;
}

/** A point's readings in [from, to), by time. */
export function readingsOf(db: Db, pointId: number, from: number, to: number): Promise<Reading[]> {
  return db
    .selectFrom('readings')
    .select(['ts', 'value'])
    .where('point_id', '=', pointId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .execute();
}

/** How many readings the points have in [from, to). */
export async function readingCount(
  db: Db,
  pointIds: readonly number[],
  from: number,
  to: number,
): Promise<number> {
  if (pointIds.length === 0) return 0;
  const row = await db
    .selectFrom('readings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('point_id', 'in', [...pointIds])
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The times of a point's readings in [from, to) (no order). */
export async function readingTimes(db: Db, pointId: number, from: number, to: number): Promise<number[]> {
  const rows = await db
    .selectFrom('readings')
    .select('ts')
    .where('point_id', '=', pointId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .execute();
  return rows.map((r) => r.ts);
}

/** The values of a point's readings since `since` (no order). */
export async function readingValues(db: Db, pointId: number, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('readings')
    .select('value')
    .where('point_id', '=', pointId)
    .where('ts', '>=', since)
    .execute();
  return rows.map((r) => r.value);
}

/** The newest reading of a point at or before `at` and after `after` (undefined: none). */
export async function latestReading(
  db: Db,
  pointId: number,
  range: { at?: number; after?: number } = {},
): Promise<Reading | undefined> {
  let q = db.selectFrom('readings').select(['ts', 'value']).where('point_id', '=', pointId);
  if (range.at !== undefined) q = q.where('ts', '<=', range.at);
  if (range.after !== undefined) q = q.where('ts', '>', range.after);
  return q.orderBy('ts', 'desc').limit(1).executeTakeFirst();
}

/** The value of a point's newest reading before `ts` (undefined: none). */
export async function valueBefore(db: Db, pointId: number, ts: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('readings')
    .select('value')
    .where('point_id', '=', pointId)
    .where('ts', '<', ts)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.value;
}

/** The time of a point's first reading at or after `ts` (undefined: none). */
export async function firstTimeFrom(db: Db, pointId: number, ts: number): Promise<number | undefined> {
  const next = await db
    .selectFrom('readings')
    .select((eb) => eb.fn.min('ts').as('ts'))
    .where('point_id', '=', pointId)
    .where('ts', '>=', ts)
    .executeTakeFirst();
  return next?.ts === null || next?.ts === undefined ? undefined : Number(next.ts);
}

/** The stored value of a point at a time (undefined: no reading there). */
export async function readingAt(db: Db, pointId: number, ts: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('readings')
    .select('value')
    .where('point_id', '=', pointId)
    .where('ts', '=', ts)
    .executeTakeFirst();
  return row?.value;
}

/** Sets, adds (`exists` false) or deletes (value null) the reading of a point at a time. */
export async function writeReading(
  db: Db,
  change: { pointId: number; ts: number; value: number | null; exists: boolean },
): Promise<void> {
  if (change.value === null) {
    await db
      .deleteFrom('readings')
      .where('point_id', '=', change.pointId)
      .where('ts', '=', change.ts)
      .execute();
  } else if (change.exists) {
    await db
      .updateTable('readings')
      .set({ value: change.value })
      .where('point_id', '=', change.pointId)
      .where('ts', '=', change.ts)
      .execute();
  } else {
    await db
      .insertInto('readings')
      .values({ point_id: change.pointId, ts: change.ts, value: change.value })
      .execute();
  }
}

/**
 * Adds readings, 1,000 a statement. `keepExisting`: a reading already stored at a point and
 * time stays (else such a row is an error).
 */
export async function insertReadings(
  db: Db,
  rows: readonly Insertable<ReadingTable>[],
  options: { keepExisting?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    const insert = db.insertInto('readings').values(rows.slice(i, i + 1_000));
    // No conflict target: on PostgreSQL the key is (point_id, ts, project_id) (partitions, ADR 0016).
    await (options.keepExisting ? insert.onConflict((oc) => oc.doNothing()) : insert).execute();
  }
}
