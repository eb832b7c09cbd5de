/** Tasks (imports, generation, recalculation): status, progress ratio, message, times. */
import { TASK_STATUS } from '@eem/core';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { TaskTable } from '../../../db/schema.js';

export type TaskRow = Selectable<TaskTable>;

export function insertTask(db: Db, values: Insertable<TaskTable>): Promise<TaskRow> {
  return db.insertInto('tasks').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets the ratio (and message) of a running task; throws when it is not running. */
export function setTaskProgress(
  db: Db,
  id: number,
  progress: { ratio: number; message?: string | undefined; message_text?: string | null | undefined },
): Promise<TaskRow> {
  return db
    .updateTable('tasks')
    .set({
      ratio: progress.ratio,
      ...(progress.message === undefined
        ? {}
        : { message: progress.message, message_text: progress.message_text ?? null }),
    })
    .where('id', '=', id)
    .where('status', '=', TASK_STATUS.running)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends a task: success (ratio 1) or failure, with its message. */
export function finishTask(
  db: Db,
  id: number,
  end: { success: boolean; message: string; message_text: string | null; now: number },
): Promise<TaskRow> {
  return db
    .updateTable('tasks')
    .set({
      status: end.success ? TASK_STATUS.success : TASK_STATUS.failed,
      ratio: end.success ? 1 : undefined,
      message: end.message,
      message_text: end.message_text,
      finished_at: end.now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Fails the running tasks (every one, or those of `taskIds`): a server stopped under them; answers them. */
export function failRunningTasks(
  db: Db,
  message: { message: string; message_text: string | null },
  now: number,
  taskIds?: readonly number[],
): Promise<TaskRow[]> {
  let query = db
    .updateTable('tasks')
    .set({ status: TASK_STATUS.failed, ...message, finished_at: now })
    .where('status', '=', TASK_STATUS.running);
  if (taskIds) query = query.where('id', 'in', taskIds.length > 0 ? [...taskIds] : [0]);
  return query.returningAll().execute();
}

export function taskById(db: Db, id: number): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest task of an operation type in a project (null: none), or that task when `taskId` is given. */
export function latestTask(
  db: Db,
  projectId: number | null,
  operationType: number,
  taskId?: number,
): Promise<TaskRow | undefined> {
  let query = db.selectFrom('tasks').selectAll().where('operation_type', '=', operationType);
  query =
    projectId === null ? query.where('project_id', 'is', null) : query.where('project_id', '=', projectId);
  if (taskId !== undefined) query = query.where('id', '=', taskId);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Running tasks and tasks ended since `since`, of the given projects, newest first. */
export function recentTasks(db: Db, projectIds: readonly number[], since: number): Promise<TaskRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('project_id', 'in', [...projectIds])
    .where((eb) => eb.or([eb('status', '=', TASK_STATUS.running), eb('finished_at', '>=', since)]))
    .orderBy('id', 'desc')
    .execute();
}

/** Every running task and every task ended since `since`, oldest first (catching up after a lost bus). */
export function runningOrEndedSince(db: Db, since: number): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where((eb) => eb.or([eb('status', '=', TASK_STATUS.running), eb('finished_at', '>=', since)]))
    .orderBy('id')
    .execute();
}

/** Whether a task of the operation type runs in the project (on any server of the database). */
export async function taskRunning(db: Db, projectId: number, operationType: number): Promise<boolean> {
  const running = await db
    .selectFrom('tasks')
    .select('id')
    .where('project_id', '=', projectId)
    .where('operation_type', '=', operationType)
    .where('status', '=', TASK_STATUS.running)
    .executeTakeFirst();
  return running !== undefined;
}
