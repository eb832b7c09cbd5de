/** The task log: tasks with their operator's account and project name, filtered and paged. */
import type { Db } from '../../../db/database.js';
import { contains } from '../../../db/portable.js';

export interface TaskLogFilter {
  startTime: number;
  endTime: number;
  /** null: every project. */
  projectIds: readonly number[] | null;
  operationType?: number | undefined;
  /** Contained in the task's name or message or the operator's account (any case). */
  keyword?: string | undefined;
  order: 'asc' | 'desc';
  /** A page, or every row up to `limit` (an export). */
  limit: number;
  offset: number;
}

export async function taskLogPage(db: Db, f: TaskLogFilter) {
  let q = db
    .selectFrom('tasks')
    .leftJoin('users', 'users.id', 'tasks.user_id')
    .leftJoin('projects', 'projects.id', 'tasks.project_id')
    .where('tasks.started_at', '>=', f.startTime)
    .where('tasks.started_at', '<=', f.endTime);
  if (f.projectIds !== null)
    q = q.where('tasks.project_id', 'in', f.projectIds.length ? [...f.projectIds] : [0]);
  if (f.operationType !== undefined) q = q.where('tasks.operation_type', '=', f.operationType);
  if (f.keyword) {
    const text = f.keyword;
    q = q.where((eb) =>
      eb.or([contains('tasks.name', text), contains('tasks.message', text), contains('users.name', text)]),
    );
  }
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .select([
      'tasks.id',
      'tasks.project_id',
      'tasks.operation_type',
      'tasks.log_type',
      'tasks.name',
      'tasks.status',
      'tasks.ratio',
      'tasks.message',
      'tasks.name_text',
      'tasks.message_text',
      'tasks.started_at',
      'tasks.finished_at',
      'users.name as operator',
      'projects.name as project_name',
    ])
    .orderBy('tasks.started_at', f.order)
    .orderBy('tasks.id', f.order)
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}
