/**
 * The staged rows of a reading import (reading_import_rows, migration 0031): the checked
 * changes are written here in short chunks (the one SQLite connection is free between them),
 * then compared with the stored readings and applied by set-based statements in one short
 * transaction. Nobody else reads them; an import removes its own after it ends, and rows of
 * tasks that are no longer running (a crash) go at the next import or start.
 */
import { TASK_STATUS } from '@eem/core';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface StagedRow {
  pointId: number;
  time: number;
  /** null deletes. */
  value: number | null;
}

/** What applying the staged rows changes, per point: the range and the counts. */
export interface StagedChange {
  pointId: number;
  /** The first and last time whose stored value differs from the staged one. */
  from: number;
  to: number;
  /** Rows that differ from what is stored (set, added or deleted), and of them deletions. */
  changed: number;
  deleted: number;
}

/** Stages rows of an import, in one statement (the caller keeps chunks small). */
export async function stageImportRows(db: Db, taskId: number, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('reading_import_rows')
    .values(rows.map((r) => ({ task_id: taskId, point_id: r.pointId, ts: r.time, value: r.value })))
    .execute();
}

/** A staged row whose value differs from the stored reading (none stored: null). */
const differs = sql<boolean>`s.value is distinct from r.value`;

/** The staged rows joined with the stored readings at their point and time. */
function stagedWithStored(db: Db, taskId: number) {
  return db
    .selectFrom('reading_import_rows as s')
    .leftJoin('readings as r', (join) =>
      join.onRef('r.point_id', '=', 's.point_id').onRef('r.ts', '=', 's.ts'),
    )
    .where('s.task_id', '=', taskId)
    .where(differs);
}

/** Per point, what the staged rows would change in the stored readings now. */
export async function stagedChanges(db: Db, taskId: number): Promise<StagedChange[]> {
  const rows = await stagedWithStored(db, taskId)
    .select((eb) => [
      's.point_id',
      eb.fn.min<number>('s.ts').as('from'),
      eb.fn.max<number>('s.ts').as('to'),
      eb.fn.countAll<number>().as('changed'),
      sql<number>`sum(case when s.value is null then 1 else 0 end)`.as('deleted'),
    ])
    .groupBy('s.point_id')
    .execute();
  return rows.map((r) => ({
    pointId: Number(r.point_id),
    from: Number(r.from),
    to: Number(r.to),
    changed: Number(r.changed),
    deleted: Number(r.deleted),
  }));
}

/**
 * Applies the staged rows (in the caller's transaction): each one that differs from the stored
 * reading is audited in datalog_edits with the old and the new value, then readings marked
 * for deletion go, stored ones change and new ones are added.
 */
export async function applyStagedRows(
  trx: Db,
  taskId: number,
  audit: { projectId: number; userId: number; source: string; reason: string; now: number },
): Promise<void> {
  // Constants of the select list are cast: PostgreSQL would read an untyped parameter as text.
  const bigint = (n: number) => sql<number>`cast(${n} as bigint)`;
  await trx
    .insertInto('datalog_edits')
    .columns([
      'project_id',
      'point_id',
      'ts',
      'old_value',
      'new_value',
      'user_id',
      'source',
      'reason',
      'task_id',
      'changed_at',
    ])
    .expression(
      stagedWithStored(trx, taskId)
        .select([
          bigint(audit.projectId).as('project_id'),
          's.point_id',
          's.ts',
          'r.value as old_value',
          's.value as new_value',
          bigint(audit.userId).as('user_id'),
          sql<string>`cast(${audit.source} as text)`.as('source'),
          sql<string>`cast(${audit.reason} as text)`.as('reason'),
          bigint(taskId).as('task_id'),
          bigint(audit.now).as('changed_at'),
        ])
        .orderBy('s.point_id')
        .orderBy('s.ts'),
    )
    .execute();
  await sql`delete from readings where (point_id, ts) in (
      select point_id, ts from reading_import_rows where task_id = ${taskId} and value is null)`.execute(trx);
  await sql`update readings set value = s.value from reading_import_rows s
      where s.task_id = ${taskId} and s.value is not null
        and s.point_id = readings.point_id and s.ts = readings.ts and s.value <> readings.value`.execute(trx);
  await sql`insert into readings (point_id, ts, value)
      select s.point_id, s.ts, s.value from reading_import_rows s
      where s.task_id = ${taskId} and s.value is not null
        and not exists (select 1 from readings r where r.point_id = s.point_id and r.ts = s.ts)`.execute(trx);
}

/** Removes the staged rows of an import's points (the caller keeps each call small). */
export async function dropImportRows(db: Db, taskId: number, pointIds: readonly number[]): Promise<void> {
  if (pointIds.length === 0) return;
  await db
    .deleteFrom('reading_import_rows')
    .where('task_id', '=', taskId)
    .where('point_id', 'in', [...pointIds])
    .execute();
}

/** Removes staged rows of imports that no longer run (a crash or stop in the middle). */
export async function dropStaleImportRows(db: Db): Promise<void> {
  await db
    .deleteFrom('reading_import_rows')
    .where('task_id', 'not in', (eb) =>
      eb.selectFrom('tasks').select('id').where('status', '=', TASK_STATUS.running),
    )
    .execute();
}
