import type { catalogue } from '@eem/contract';
import { text } from '@eem/core';
import { scopeOf } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { attachment } from '../../http/attachment.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { queryOperations, queryTasks } from './log-queries.js';
import { formatTime, operationLogWorkbook, XLSX_TYPE } from './operation-log-xlsx.js';
import { recordOperation } from './record-operation.js';
import { taskLogWorkbook } from './task-log-xlsx.js';

/** The time zone of the export: the project asked for (body, else header), else UTC. */
async function exportTimeZone(ctx: RequestContext, bodyProjectId: number | undefined): Promise<string> {
  const projectId = bodyProjectId ?? ctx.projectId;
  return (projectId ? (await ctx.services.projects.get(projectId))?.timeZone : undefined) ?? 'UTC';
}

/** Records the export and sends the workbook as an attachment named `<name>-YYYYMMDD.xlsx`. */
async function sendWorkbook(
  ctx: RequestContext,
  data: Buffer,
  names: { zh: string; en: string; list: 'taskLog' | 'operationLog' },
  rows: number,
  timeZone: string,
): Promise<null> {
  const stamp = formatTime(ctx.services.clock(), timeZone).slice(0, 10).replaceAll('-', '');
  const filename = `${names[ctx.language]}-${stamp}.xlsx`;
  await recordOperation(ctx, {
    operation: 'export',
    object: text('oplog.exportList', { list: names.list }),
    description: text('oplog.rows', { count: rows }),
  });
  ctx.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(filename)).send(data);
  return null;
}

export const logsHandlers: AreaHandlers<typeof catalogue.logs> = {
  async taskLog({ body }, ctx) {
    return queryTasks(ctx, await scopeOf(ctx), body);
  },
  async taskLogExport({ body }, ctx) {
    const { list } = await queryTasks(ctx, await scopeOf(ctx), body, { all: true });
    const timeZone = await exportTimeZone(ctx, body.projectId);
    const data = await taskLogWorkbook(list, { language: ctx.language, timeZone });
    return sendWorkbook(
      ctx,
      data,
      { zh: '任务日志', en: 'task-log', list: 'taskLog' },
      list.length,
      timeZone,
    );
  },
  async operationLog({ body }, ctx) {
    return queryOperations(ctx, await scopeOf(ctx), body);
  },
  async exportOperationLog({ body }, ctx) {
    const { list } = await queryOperations(ctx, await scopeOf(ctx), body, { all: true });
    const timeZone = await exportTimeZone(ctx, body.projectId);
    const data = await operationLogWorkbook(list, { language: ctx.language, timeZone });
    return sendWorkbook(
      ctx,
      data,
      { zh: '操作日志', en: 'operation-log', list: 'operationLog' },
      list.length,
      timeZone,
    );
  },
};
