/** datalog.edit and datalog.editLog: repair readings by hand, and the audit of every change. */
import type { catalogue, EndpointData, EndpointParsedInput } from '@eem/contract';
import { DATALOG_MESSAGES, text } from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { namedPoints } from './datalog-scope.js';
import { editPage } from './repo/edits.js';
import { applyChanges } from './write-readings.js';

type Body<K extends keyof typeof catalogue.datalog> = EndpointParsedInput<
  (typeof catalogue.datalog)[K]
>['body'];
type Data<K extends keyof typeof catalogue.datalog> = EndpointData<(typeof catalogue.datalog)[K]>;

export async function edit(ctx: RequestContext, body: Body<'edit'>): Promise<Data<'edit'>> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const [point] = await namedPoints(ctx, project, [body.pointId]);
  if (!point) throw ApiError.rule(DATALOG_MESSAGES.unknownPoint(body.pointId));
  const seen = new Set<number>();
  for (const [i, item] of body.items.entries()) {
    if (seen.has(item.time)) throw ApiError.at(`body.items.${i}.time`, `the same time is listed twice`);
    seen.add(item.time);
    if (point.kind === 'cumulative' && item.value !== null && item.value < 0)
      throw ApiError.at(`body.items.${i}.value`, DATALOG_MESSAGES.negativeCounter);
  }
  const now = ctx.services.clock();
  const result = await inTransaction(ctx.services.db, (trx) =>
    applyChanges(
      trx,
      body.items.map((i) => ({ pointId: point.id, time: i.time, value: i.value })),
      {
        projectId: project.id,
        userId: user.id,
        source: 'edit',
        reason: body.reason,
        taskId: null,
        now,
        timeZone: project.timeZone,
      },
    ),
  );
  const times = body.items.map((i) => i.time);
  if (result.changed > 0)
    await recordOperation(ctx, {
      operation: 'edit',
      object: text('oplog.readings', { node: point.nodeName, point: point.name }),
      description: text('oplog.readingsChanged', { count: result.changed, reason: body.reason ?? '' }),
      projectId: project.id,
    });
  return { changed: result.changed, startTime: Math.min(...times), endTime: Math.max(...times) + 1 };
}

export async function editLog(ctx: RequestContext, body: Body<'editLog'>): Promise<Data<'editLog'>> {
  const project = await currentProject(ctx);
  const { total, rows } = await editPage(ctx.services.db, {
    projectId: project.id,
    tenantId: project.tenantId,
    pointId: body.pointId,
    limit: body.page.limit,
    offset: body.page.index * body.page.limit,
  });
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      pointId: r.point_id,
      pointName: r.point_name ?? '',
      nodeName: r.node_name,
      time: r.ts,
      oldValue: r.old_value,
      newValue: r.new_value,
      userId: r.user_id,
      userName: r.user_name ?? '',
      source: r.source === 'import' ? 'import' : 'edit',
      reason: r.reason,
      changedAt: r.changed_at,
    })),
  };
}
