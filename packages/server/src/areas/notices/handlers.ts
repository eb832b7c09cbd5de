import type { catalogue } from '@eem/contract';
import { requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { toWireNotice } from './notice-hub.js';
import { upsertMessageClient } from './repo/notices.js';
import { taskById } from './repo/tasks.js';
import { mayViewTask } from './task-access.js';
import { toWireTask } from './task-hub.js';

export const noticesHandlers: AreaHandlers<typeof catalogue.notices> = {
  async registerClient({ body }, ctx) {
    const user = requireUser(ctx);
    if (body.userId !== user.id)
      throw ApiError.permission('a client may only be registered for the signed-in user');
    await upsertMessageClient(ctx.services.db, {
      userId: user.id,
      tags: body.tags,
      now: ctx.services.clock(),
    });
    return { userId: user.id, tags: body.tags, lastNoticeId: await ctx.services.notices.lastId(user.id) };
  },
  async messageLog({ body }, ctx) {
    const user = requireUser(ctx);
    if (body.receiver !== user.id) throw ApiError.permission('receiver must be the signed-in user');
    const { total, rows } = await ctx.services.notices.log({
      userId: user.id,
      startTime: body.startTime,
      endTime: body.endTime,
      index: body.page.index,
      limit: body.page.limit,
      afterId: body.afterId,
    });
    return {
      total,
      list: rows.map((row) => ({ ...toWireNotice(row, ctx.language), recordTime: row.created_at })),
    };
  },
  async importProgress({ query }, ctx) {
    requireUser(ctx);
    return ctx.services.tasks.latest(ctx.projectId, query.operationType, ctx.language, query.taskId);
  },
  async task({ params }, ctx) {
    const user = requireUser(ctx);
    const row = Number.isSafeInteger(params.id) ? await taskById(ctx.services.db, params.id) : undefined;
    if (!row) throw ApiError.notFound(`task ${params.id} does not exist`);
    if (!mayViewTask(user, row)) throw ApiError.permission(`no permission for task ${params.id}`);
    return toWireTask(row, ctx.language);
  },
  async importProgressAll(_input, ctx) {
    const user = requireUser(ctx);
    return ctx.services.tasks.recent(
      ctx.projectId === null ? user.projectIds : [ctx.projectId],
      ctx.language,
    );
  },
};
