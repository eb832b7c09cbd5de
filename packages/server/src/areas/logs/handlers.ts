import type { catalogue } from '@eem/contract';
import { scopeOf } from '../../auth/scope.js';
import { attachment } from '../../http/attachment.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { queryOperations, queryTasks } from './log-queries.js';
import { formatTime, operationLogWorkbook, XLSX_TYPE } from './operation-log-xlsx.js';
import { recordOperation } from './record-operation.js';

export const logsHandlers: AreaHandlers<typeof catalogue.logs> = {
  async taskLog({ body }, ctx) {
    return queryTasks(ctx, await scopeOf(ctx), body);
  },
  async operationLog({ body }, ctx) {
    return queryOperations(ctx, await scopeOf(ctx), body);
  },
  async exportOperationLog({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const { list } = await queryOperations(ctx, scope, body, { all: true });
    const projectId = body.projectId ?? ctx.projectId;
    const timeZone =
      (projectId ? (await ctx.services.projects.get(projectId))?.timeZone : undefined) ?? 'UTC';
    const data = await operationLogWorkbook(list, { language: ctx.language, timeZone });
    const stamp = formatTime(ctx.services.clock(), timeZone).slice(0, 10).replaceAll('-', '');
    const filename = `${ctx.language === 'zh' ? '操作日志' : 'operation-log'}-${stamp}.xlsx`;
    await recordOperation(ctx, {
      operation: 'export',
      object: ctx.language === 'zh' ? '操作日志' : 'operation log',
      description: `${list.length} rows`,
    });
    ctx.reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(filename))
      .send(data);
    return null;
  },
};
