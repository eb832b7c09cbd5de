/** The task log and operation log queries, limited to the caller's scope. */
import type { catalogue, EndpointParsedInput, OperationLogRow, TaskLogRow } from '@eem/contract';
import { LOG_ORDER, type OperationType, operationName, taskOperationName, taskPhase } from '@eem/core';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../../auth/scope.js';
import { assertProject } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { isInt32 } from '../../db/portable.js';

type TaskBody = EndpointParsedInput<typeof catalogue.logs.taskLog>['body'];
type OperationBody = EndpointParsedInput<typeof catalogue.logs.operationLog>['body'];

const DELETE_LOG_TYPE = 722;

/** The project filter: one project (body, else the header), or every project of the scope (null: all). */
function projectFilter(scope: Scope, ctx: RequestContext, projectId: number | undefined): number[] | null {
  const chosen = projectId ?? ctx.projectId;
  if (chosen !== null && chosen !== undefined) {
    assertProject(scope, chosen);
    return [chosen];
  }
  if (scope.root) return null;
  return [...(scope.boundProjects ?? scope.projectIds)];
}

/** Case-insensitive "contains"; %, _ and backslash in the text match literally (SQLite and PostgreSQL). */
function contains(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export async function queryTasks(
  ctx: RequestContext,
  scope: Scope,
  body: TaskBody,
  options: { all?: boolean } = {},
): Promise<{ total: number; list: TaskLogRow[] }> {
  const db = ctx.services.db;
  const projects = projectFilter(scope, ctx, body.projectId);
  // operation_type is a 32-bit integer column: no task has a type beyond it (and PostgreSQL
  // refuses to compare the column with such a number).
  if (body.operationType !== undefined && !isInt32(body.operationType)) return { total: 0, list: [] };
  let q = db
    .selectFrom('tasks')
    .leftJoin('users', 'users.id', 'tasks.user_id')
    .leftJoin('projects', 'projects.id', 'tasks.project_id')
    .where('tasks.started_at', '>=', body.startTime)
    .where('tasks.started_at', '<=', body.endTime);
  if (projects !== null) q = q.where('tasks.project_id', 'in', projects.length ? projects : [0]);
  if (body.operationType !== undefined) q = q.where('tasks.operation_type', '=', body.operationType);
  if (body.keyWord) {
    const text = body.keyWord;
    q = q.where((eb) =>
      eb.or([contains('tasks.name', text), contains('tasks.message', text), contains('users.name', text)]),
    );
  }
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const direction = body.order === LOG_ORDER.asc ? 'asc' : 'desc';
  const selected = q
    .select([
      'tasks.id',
      'tasks.project_id',
      'tasks.operation_type',
      'tasks.log_type',
      'tasks.name',
      'tasks.status',
      'tasks.ratio',
      'tasks.message',
      'tasks.started_at',
      'tasks.finished_at',
      'users.name as operator',
      'projects.name as project_name',
    ])
    .orderBy('tasks.started_at', direction)
    .orderBy('tasks.id', direction);
  const rows = await (options.all
    ? selected.limit(EXPORT_MAX_ROWS)
    : selected.limit(body.page.limit).offset(body.page.index * body.page.limit)
  ).execute();
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      time: r.started_at,
      endTime: r.finished_at,
      projectId: r.project_id,
      projectName: r.project_name ?? null,
      operationType: r.operation_type,
      logType: r.log_type,
      typeName:
        r.log_type === DELETE_LOG_TYPE
          ? ctx.language === 'zh'
            ? '删除'
            : 'Deletion'
          : taskOperationName(r.operation_type, ctx.language),
      operator: r.operator ?? '',
      result: taskPhase(r.status),
      status: r.status,
      processInfo: { name: r.name, ratio: Math.min(1, Math.max(0, r.ratio)), status: r.status },
      message: r.message,
    })),
  };
}

function operationQuery(ctx: RequestContext, scope: Scope, body: OperationBody) {
  const db = ctx.services.db;
  let q = db
    .selectFrom('operation_logs')
    .where('operation_logs.time', '>=', body.startTime)
    .where('operation_logs.time', '<=', body.endTime);
  const chosen = body.projectId ?? (body.module === 'pf' ? null : ctx.projectId);
  if (chosen !== null && chosen !== undefined) {
    projectFilter(scope, ctx, chosen);
    q = q.where('operation_logs.project_id', '=', chosen);
  } else if (scope.boundProjects) {
    const ids = [...scope.boundProjects];
    q = q.where('operation_logs.project_id', 'in', ids.length ? ids : [0]);
  } else if (scope.tenantIds) {
    const ids = [...scope.tenantIds];
    q = q.where('operation_logs.tenant_id', 'in', ids.length ? ids : [0]);
  }
  if (body.account) q = q.where(contains('operation_logs.account', body.account));
  if (body.operation) q = q.where('operation_logs.operation', '=', body.operation);
  if (body.module) q = q.where('operation_logs.module', '=', body.module);
  if (body.keyword) {
    const text = body.keyword;
    q = q.where((eb) =>
      eb.or([
        contains('operation_logs.object', text),
        contains('operation_logs.description', text),
        contains('operation_logs.account', text),
      ]),
    );
  }
  return q;
}

export async function queryOperations(
  ctx: RequestContext,
  scope: Scope,
  body: OperationBody,
  options: { all?: boolean } = {},
): Promise<{ total: number; list: OperationLogRow[] }> {
  const q = operationQuery(ctx, scope, body);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const direction = body.order === LOG_ORDER.asc ? 'asc' : 'desc';
  let rows = q
    .leftJoin('projects', 'projects.id', 'operation_logs.project_id')
    .selectAll('operation_logs')
    .select('projects.name as project_name')
    .orderBy('operation_logs.time', direction)
    .orderBy('operation_logs.id', direction);
  rows = options.all
    ? rows.limit(EXPORT_MAX_ROWS)
    : rows.limit(body.page.limit).offset(body.page.index * body.page.limit);
  const list = (await rows.execute()).map((r) => ({
    id: r.id,
    time: r.time,
    userId: r.user_id,
    account: r.account,
    tenantId: r.tenant_id,
    projectId: r.project_id,
    projectName: r.project_name ?? null,
    module: r.module === 'fw' ? ('fw' as const) : ('pf' as const),
    operation: r.operation as OperationType,
    operationName: operationName(r.operation, ctx.language),
    object: r.object,
    result: r.result === 'failure' ? ('failure' as const) : ('success' as const),
    clientIp: r.client_ip,
    description: r.description,
  }));
  return { total: Number(total?.n ?? 0), list };
}

/** An export holds at most this many rows. */
export const EXPORT_MAX_ROWS = 100_000;
