/**
 * monitor.realtime: the live values (services.live) of points of the current project and the
 * breaker states of its line segments. Ids of other projects, deleted nodes or other node
 * types are left out without being read. A value older than LIVE_MAX_AGE_MS is no value.
 */
import type { catalogue, EndpointDataInput, EndpointParsedInput, RealtimeValue } from '@eem/contract';
import type { RequestContext } from '../../context.js';
import { currentProject } from '../nodes/node-project.js';

type Body = EndpointParsedInput<typeof catalogue.monitor.realtime>['body'];
type Answer = EndpointDataInput<typeof catalogue.monitor.realtime>;

/** How old a live value may be and still be shown. */
export const LIVE_MAX_AGE_MS = 60_000;

export async function readRealtime(ctx: RequestContext, body: Body): Promise<Answer> {
  const project = await currentProject(ctx);
  const { db, live, clock } = ctx.services;
  const now = clock();
  const pointIds = [...new Set(body.pointIds)];
  const nodeIds = [...new Set(body.nodeIds)];
  const points =
    pointIds.length === 0
      ? []
      : await db
          .selectFrom('datalog_points as p')
          .innerJoin('nodes as n', 'n.id', 'p.node_id')
          .select(['p.id as id', 'p.node_id as nodeId', 'p.data_id as dataId'])
          .where('p.project_id', '=', project.id)
          .where('n.project_id', '=', project.id)
          .where('p.id', 'in', pointIds)
          .execute();
  const segments =
    nodeIds.length === 0
      ? []
      : await db
          .selectFrom('nodes')
          .select('id')
          .where('project_id', '=', project.id)
          .where('model_label', '=', 'linesegment')
          .where('id', 'in', nodeIds)
          .execute();
  const byId = new Map(points.map((p) => [p.id, p]));
  const values: RealtimeValue[] = [];
  for (const id of pointIds) {
    const point = byId.get(id);
    if (!point) continue;
    const reading = live.get(id);
    const fresh =
      reading !== undefined && now - reading.time <= LIVE_MAX_AGE_MS && Number.isFinite(reading.value);
    values.push({
      pointId: id,
      nodeId: point.nodeId,
      dataId: point.dataId,
      value: fresh ? reading.value : null,
      time: reading?.time ?? null,
    });
  }
  const known = new Set(segments.map((s) => s.id));
  const breakers = nodeIds
    .filter((id) => known.has(id))
    .map((id) => ({ nodeId: id, closed: live.isClosed(id) }));
  return { values, breakers, time: now };
}
