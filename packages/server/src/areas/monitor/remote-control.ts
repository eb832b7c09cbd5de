/**
 * monitor.remoteControl (permission remote_control; the console asks for AuthConfirm first):
 * opens or closes the breaker of a line segment of the current project that the user may see,
 * and records it in the operation log.
 */
import type { catalogue, EndpointDataInput, EndpointParsedInput } from '@eem/contract';
import { text } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { nodeObject, recordOperation } from '../logs/record-operation.js';
import { visibleRows } from './graph-rooms.js';

type Body = EndpointParsedInput<typeof catalogue.monitor.remoteControl>['body'];
type Answer = EndpointDataInput<typeof catalogue.monitor.remoteControl>;

export async function remoteControl(ctx: RequestContext, body: Body): Promise<Answer> {
  const { project, rows } = await visibleRows(ctx);
  const segment = rows.find((r) => r.id === body.nodeId);
  if (segment?.model_label !== 'linesegment')
    throw ApiError.notFound(`body.nodeId: ${body.nodeId} is not a line segment of this project`);
  const closed = body.action === 'close';
  await ctx.services.live.setBreaker(segment.id, closed);
  await recordOperation(ctx, {
    operation: 'edit',
    object: nodeObject('linesegment', segment.name),
    description: text('oplog.breaker', { closed }),
    projectId: project.id,
  });
  return { nodeId: segment.id, closed };
}
