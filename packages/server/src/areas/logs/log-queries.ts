/** The task log and operation log queries, limited to the caller's scope. */
import type { catalogue, EndpointParsedInput, OperationLogRow, TaskLogRow } from '@eem/contract';
import {
  LOG_ORDER,
  type OperationType,
  operationName,
  shownText,
  taskOperationName,
  taskPhase,
} from '@eem/core';
import type { Scope } from '../../auth/scope.js';
import { assertProject } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { isInt32 } from '../../db/portable.js';
import { type OperationLogFilter, operationLogPage } from './repo/operation-logs.js';
import { taskLogPage } from './repo/task-log.js';

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

/** A page of the body, or (an export) every row up to EXPORT_MAX_ROWS. */
function pageWindow(body: { page: { index: number; limit: number } }, all: boolean | undefined) {
  return all
    ? { limit: EXPORT_MAX_ROWS, offset: 0 }
    : { limit: body.page.limit, offset: body.page.index * body.page.limit };
}

export async function queryTasks(
  ctx: RequestContext,
  scope: Scope,
  body: TaskBody,
  options: { all?: boolean } = {},
): Promise<{ total: number; list: TaskLogRow[] }> {
  const projects = projectFilter(scope, ctx, body.projectId);
  // operation_type is a 32-bit integer column: no task has a type beyond it (and PostgreSQL
  // refuses to compare the column with such a number).
  if (body.operationType !== undefined && !isInt32(body.operationType)) return { total: 0, list: [] };
  const { total, rows } = await taskLogPage(ctx.services.db, {
    startTime: body.startTime,
    endTime: body.endTime,
    projectIds: projects,
    operationType: body.operationType,
    keyword: body.keyWord,
    order: body.order === LOG_ORDER.asc ? 'asc' : 'desc',
    ...pageWindow(body, options.all),
  });
  return {
    total,
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
      processInfo: {
        name: shownText(r.name_text, r.name, ctx.language),
        ratio: Math.min(1, Math.max(0, r.ratio)),
        status: r.status,
      },
      message: shownText(r.message_text, r.message, ctx.language),
    })),
  };
}

/** Which rows of the operation log the caller reads: one project, its bound projects or its tenants. */
function operationScope(
  ctx: RequestContext,
  scope: Scope,
  body: OperationBody,
): Pick<OperationLogFilter, 'projectId' | 'projectIds' | 'tenantIds'> {
  const chosen = body.projectId ?? (body.module === 'pf' ? null : ctx.projectId);
  if (chosen !== null && chosen !== undefined) {
    projectFilter(scope, ctx, chosen);
    return { projectId: chosen };
  }
  if (scope.boundProjects) return { projectIds: [...scope.boundProjects] };
  if (scope.tenantIds) return { tenantIds: [...scope.tenantIds] };
  return {};
}

export async function queryOperations(
  ctx: RequestContext,
  scope: Scope,
  body: OperationBody,
  options: { all?: boolean } = {},
): Promise<{ total: number; list: OperationLogRow[] }> {
  const { total, rows } = await operationLogPage(ctx.services.db, {
    startTime: body.startTime,
    endTime: body.endTime,
    ...operationScope(ctx, scope, body),
    account: body.account,
    operation: body.operation,
    module: body.module,
    keyword: body.keyword,
    order: body.order === LOG_ORDER.asc ? 'asc' : 'desc',
    ...pageWindow(body, options.all),
  });
  const list = rows.map((r) => ({
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
    object: shownText(r.object_text, r.object, ctx.language),
    result: r.result === 'failure' ? ('failure' as const) : ('success' as const),
    clientIp: r.client_ip,
    description: shownText(r.description_text, r.description, ctx.language),
  }));
  return { total, list };
}

/** An export holds at most this many rows. */
export const EXPORT_MAX_ROWS = 100_000;
