/**
 * Task log and operation log (audit trail) (screens.md §3.4, chosen new prefix). Both are
 * limited to the caller's scope: root sees everything, a tenant administrator its tenants,
 * a project user its projects.
 */
import { LOG_ORDER, NAME_LIMITS, OPERATION_TYPE_KEYS, type OperationType } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, page, pagedList, processInfo, spanChecked } from '../schemas.js';

const int = z.number().int();
const order = z
  .union([z.literal(LOG_ORDER.desc), z.literal(LOG_ORDER.asc)], {
    error: 'order must be 1 (newest first) or 2 (oldest first)',
  })
  .default(LOG_ORDER.desc);
const keyword = z.string().trim().max(NAME_LIMITS.text).optional();

export const taskLogBody = z
  .object({
    startTime: epochMs,
    endTime: epochMs,
    operationType: int.optional(),
    keyWord: keyword,
    order,
    page,
    /** Omitted: every project of the caller's scope (all of them for the platform administrator). */
    projectId: id.optional(),
  })
  .superRefine(spanChecked);

export const taskLogRow = z.object({
  id: int,
  /** Start of the task. */
  time: epochMs,
  endTime: epochMs.nullable(),
  projectId: int.nullable(),
  projectName: z.string().nullable(),
  operationType: int,
  logType: int,
  typeName: z.string(),
  operator: z.string(),
  result: z.enum(['running', 'success', 'failure']),
  status: int,
  processInfo,
  message: z.string(),
});
export type TaskLogRow = z.output<typeof taskLogRow>;

export const operationEnum = z.enum(OPERATION_TYPE_KEYS as [OperationType, ...OperationType[]], {
  error: `operation must be one of ${OPERATION_TYPE_KEYS.join(', ')}`,
});

export const operationLogBody = z
  .object({
    startTime: epochMs,
    endTime: epochMs,
    account: z.string().trim().max(NAME_LIMITS.name).optional(),
    operation: operationEnum.optional(),
    /** pf: platform-mode actions (/platformOperationlog); fw: project-mode actions. */
    module: z.enum(['pf', 'fw']).optional(),
    keyword,
    order,
    page,
    /** The project of /operationlog; omitted: the caller's whole scope. */
    projectId: id.optional(),
  })
  .superRefine(spanChecked);

export const operationLogRow = z.object({
  id: int,
  time: epochMs,
  userId: int.nullable(),
  account: z.string(),
  tenantId: int.nullable(),
  projectId: int.nullable(),
  projectName: z.string().nullable(),
  module: z.enum(['pf', 'fw']),
  operation: operationEnum,
  operationName: z.string(),
  object: z.string(),
  result: z.enum(['success', 'failure']),
  clientIp: z.string(),
  description: z.string(),
});
export type OperationLogRow = z.output<typeof operationLogRow>;

export const logs = {
  taskLog: defineEndpoint({
    id: 'logs.taskLog',
    method: 'POST',
    path: '/eem-service/v1/log/task/query',
    summary:
      'Task log (imports, generation, deletion 722): at most 31 days, order 1 newest / 2 oldest first (chosen).',
    body: taskLogBody,
    data: pagedList(taskLogRow),
    permission: 'operationlog_browser',
  }),
  taskLogExport: defineEndpoint({
    id: 'logs.taskLogExport',
    method: 'POST',
    path: '/eem-service/v1/log/task/query/export',
    summary: 'The task log of the same query as xlsx (every matching row, not one page) (chosen).',
    body: taskLogBody,
    data: z.null(),
    permission: 'operationlog_browser',
    kind: 'download',
  }),
  operationLog: defineEndpoint({
    id: 'logs.operationLog',
    method: 'POST',
    path: '/eem-service/v1/log/operation/query',
    summary:
      'Operation log (add, edit, delete, login, logout, export, reset password): at most 31 days (chosen).',
    body: operationLogBody,
    data: pagedList(operationLogRow),
    permission: 'operationlog_browser',
  }),
  exportOperationLog: defineEndpoint({
    id: 'logs.exportOperationLog',
    method: 'POST',
    path: '/eem-service/v1/log/operation/query/export',
    summary: 'The operation log of the same query as xlsx (every matching row, not one page) (chosen).',
    body: operationLogBody,
    data: z.null(),
    permission: 'operationlog_browser',
    kind: 'download',
  }),
} as const;
