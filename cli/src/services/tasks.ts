/**
 * `eem tasks list|show|watch`: the task log (logs.taskLog, newest first; without the
 * operationlog_browser permission, the running and recent tasks of the current project from
 * notices.importProgressAll, with a note saying so), one task (notices.task), and following a
 * task to its end.
 */
import type { Task, TaskLogRow } from '@eem/contract';
import { taskLogBody } from '@eem/contract/areas/logs';
import {
  LOG_ORDER,
  PAGE_LIMIT_MAX,
  progressPercent,
  TASK_OPERATION_TYPE,
  taskOperationName,
  taskPhase,
} from '@eem/core';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column } from '../output/render.js';
import { displayTime } from '../output/time.js';
import { checkFlags } from './contract-flags.js';
import { asSdkError } from './errors.js';
import { followTask, pollError } from './follow-task.js';
import { reportPathFor } from './node-import.js';
import { chooseLanguage, openSession } from './session.js';
import { needsZone, type RangeSpec, rangeSpec, rangeZone, resolveRange, sessionZone } from './time-flags.js';

export const DEFAULT_LIMIT = 100;
/** The highest operation type (TASK_OPERATION_TYPE: 9, the rollup recalculation). */
export const MAX_OPERATION_TYPE = Math.max(...Object.values(TASK_OPERATION_TYPE));

export interface ListFlags {
  type?: string | undefined;
  since?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit?: string | undefined;
}

export interface TaskQuery {
  startTime: number;
  endTime: number;
  operationType?: number;
  limit: number;
}

/** The time flags of the task log: `--to` alone means the day before it. */
export function taskRange(flags: ListFlags): RangeSpec {
  return rangeSpec(flags, { toAlone: 'day-before' });
}

/**
 * The flags as a task-log query, checked before anything is sent; a date is a day of
 * `timeZone` (the project's; time-flags.ts), taken as UTC by the check before it is known.
 */
export function taskQuery(flags: ListFlags, now: number, timeZone?: string): TaskQuery {
  const spec = taskRange(flags);
  const { startTime, endTime } = resolveRange(spec, now, timeZone ?? (needsZone(spec) ? 'UTC' : undefined));
  const query: TaskQuery = { startTime, endTime, limit: DEFAULT_LIMIT };
  if (flags.type !== undefined) {
    const type = Number(flags.type);
    if (!/^\d+$/.test(flags.type) || type < 1 || type > MAX_OPERATION_TYPE) {
      throw new UsageError(
        `--type must be an operation type from 1 to ${MAX_OPERATION_TYPE} (got "${flags.type}")`,
      );
    }
    query.operationType = type;
  }
  if (flags.limit !== undefined) {
    if (!/^\d+$/.test(flags.limit))
      throw new UsageError(`--limit must be a whole number (got "${flags.limit}")`);
    query.limit = Number(flags.limit);
  }
  // The task log's own rules: the span (at most 31 days) and the page size.
  const span = spec.spanFlag;
  checkFlags(taskLogBody, taskLogQuery(query), { startTime: span, endTime: span, 'page.limit': '--limit' });
  return query;
}

const logColumns: Column<TaskLogRow>[] = [
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'time', header: 'Started', value: (r) => r.time, time: true },
  {
    key: 'endTime',
    header: 'Ended',
    value: (r) => r.endTime,
    time: true,
    // The same day as the start: the time alone (a table at 80 columns keeps its text).
    display: (r, _palette, timeZone) => {
      const [startDay, startTime] = displayTime(r.time, timeZone).split(' ');
      const [endDay, endTime] = displayTime(r.endTime, timeZone).split(' ');
      return endDay === startDay && startTime !== undefined
        ? (endTime ?? '')
        : displayTime(r.endTime, timeZone);
    },
  },
  { key: 'operationType', header: 'Op', value: (r) => r.operationType, machineOnly: true },
  { key: 'typeName', header: 'Type', value: (r) => r.typeName, shrink: 'text' },
  { key: 'projectName', header: 'Project', value: (r) => r.projectName, shrink: 'text' },
  { key: 'operator', header: 'Operator', value: (r) => r.operator, shrink: 'text' },
  {
    key: 'result',
    header: 'Result',
    value: (r) => r.result,
    display: (r, p) =>
      r.result === 'success'
        ? p.green(r.result)
        : r.result === 'failure'
          ? p.red(r.result)
          : p.yellow(r.result),
  },
  { key: 'percent', header: '%', value: (r) => progressPercent(r.processInfo.ratio) },
  { key: 'message', header: 'Message', value: (r) => r.message, shrink: 'text' },
];

/** The note of `tasks list` when the task log is refused for permission. */
export const RECENT_TASKS_NOTE =
  'The task log needs the operationlog_browser permission, which this account lacks; showing the running tasks and those ended in the last hour of the current project instead.';

/** The body of logs.taskLog for the query (newest first). */
function taskLogQuery(query: TaskQuery) {
  return {
    startTime: query.startTime,
    endTime: query.endTime,
    order: LOG_ORDER.desc,
    page: { index: 0, limit: query.limit },
    ...(query.operationType === undefined ? {} : { operationType: query.operationType }),
  };
}

export async function listTasks(ctx: Context, flags: ListFlags, output: OutputFlags): Promise<void> {
  taskQuery(flags, ctx.io.now());
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  const query = taskQuery(flags, ctx.io.now(), await rangeZone(session, taskRange(flags)));
  let answer: { total: number; list: TaskLogRow[] };
  try {
    answer = await withProgress(ctx, 'Loading the task log…', () =>
      session.client.logs.taskLog({
        body: {
          ...taskLogQuery(query),
          ...(session.project.id > 0 ? { projectId: session.project.id } : {}),
        },
      }),
    );
  } catch (error) {
    if (asSdkError(error)?.name !== 'PermissionError') throw error;
    await listRecentTasks(ctx, query, output, format);
    return;
  }
  await ctx.print(
    { columns: logColumns, rows: answer.list, json: answer.list, timeZone: () => sessionZone(session) },
    output,
  );
  if (format === 'table' && answer.list.length === 0) ctx.reporter.note('No tasks in this time span.');
  if (answer.total > answer.list.length) {
    ctx.reporter.note(
      `Showing ${answer.list.length} of ${answer.total} tasks; --limit (up to ${PAGE_LIMIT_MAX}) shows more.`,
    );
  }
}

/** A task as a record: its type and result in words. */
export interface TaskRecord {
  task: Task;
  typeName: string;
  result: string;
  percent: number;
}

function recordOf(ctx: Context, task: Task): TaskRecord {
  const phase = taskPhase(task.status);
  return {
    task,
    typeName: taskOperationName(task.operationType, chooseLanguage(ctx)),
    result: phase,
    percent: phase === 'success' ? 100 : progressPercent(task.ratio),
  };
}

const taskColumns: Column<TaskRecord>[] = [
  { key: 'id', header: 'ID', value: (r) => r.task.id },
  { key: 'operationType', header: 'Operation type', value: (r) => r.task.operationType },
  { key: 'typeName', header: 'Type', value: (r) => r.typeName },
  { key: 'name', header: 'Name', value: (r) => r.task.processInfo.name },
  { key: 'projectId', header: 'Project', value: (r) => r.task.projectId },
  { key: 'status', header: 'Status', value: (r) => r.task.status },
  { key: 'result', header: 'Result', value: (r) => r.result },
  { key: 'percent', header: 'Progress %', value: (r) => r.percent },
  { key: 'startTime', header: 'Started', value: (r) => r.task.startTime, time: true },
  { key: 'endTime', header: 'Ended', value: (r) => r.task.endTime, time: true },
  { key: 'logType', header: 'Log type', value: (r) => r.task.logType },
  { key: 'message', header: 'Message', value: (r) => r.task.message },
];

/**
 * Without the task log: the running and recent tasks of the current project
 * (notices.importProgressAll), narrowed by --type, the time span and --limit, newest first.
 */
async function listRecentTasks(
  ctx: Context,
  query: TaskQuery,
  output: OutputFlags,
  format: ReturnType<typeof resolveFormat>,
): Promise<void> {
  const session = await openSession(ctx);
  ctx.reporter.note(RECENT_TASKS_NOTE);
  const tasks = await withProgress(ctx, 'Loading the recent tasks…', () =>
    session.client.notices.importProgressAll({}),
  );
  const shown = tasks
    .filter(
      (t) =>
        (query.operationType === undefined || t.operationType === query.operationType) &&
        t.startTime <= query.endTime &&
        (t.endTime === null || t.endTime >= query.startTime),
    )
    .sort((a, b) => b.id - a.id)
    .slice(0, query.limit);
  const rows = shown.map((t) => recordOf(ctx, t));
  await ctx.print({ columns: taskColumns, rows, json: shown, timeZone: () => sessionZone(session) }, output);
  if (format === 'table' && rows.length === 0) ctx.reporter.note('No running or recent tasks.');
}

export async function showTask(ctx: Context, id: number, output: OutputFlags): Promise<void> {
  resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  const task = await withProgress(ctx, 'Loading the task…', () =>
    session.client.notices.task({ params: { id } }),
  );
  await ctx.print(
    {
      columns: taskColumns,
      rows: [recordOf(ctx, task)],
      json: task,
      vertical: true,
      timeZone: () => sessionZone(session),
    },
    output,
  );
}

export interface WatchFlags {
  intervalMs: number;
  /** Where a failed import's error report goes (default: task-ID.errors.xlsx here). */
  reportPath?: string | undefined;
}

export async function watchTaskById(ctx: Context, id: number, flags: WatchFlags): Promise<void> {
  const session = await openSession(ctx);
  let task: Task;
  try {
    task = await session.client.notices.task({ params: { id } });
  } catch (error) {
    throw pollError(id, error);
  }
  await followTask(ctx, session.client, task, {
    intervalMs: flags.intervalMs,
    userId: session.userId,
    reportPath: flags.reportPath ?? reportPathFor(`task-${id}.xlsx`),
  });
}
