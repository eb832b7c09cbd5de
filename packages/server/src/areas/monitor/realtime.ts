/**
 * monitor.realtime: the live values (services.live) of points of the current project and the
 * breaker states of its line segments. Ids of other projects, deleted nodes or other node
 * types are left out without being read. A value older than LIVE_MAX_AGE_MS is no value. The
 * nodes of the asked points and nodes with active alarms (events not confirmed) come with their
 * most severe level.
 */
import type { catalogue, EndpointDataInput, EndpointParsedInput, RealtimeValue } from '@eem/contract';
import { currentProject, type RequestContext } from '../../context.js';
import { pointsOfProject } from '../datalog/repo/points.js';
import { existingNodeIds } from '../nodes/repo/nodes.js';
import { openAlarmsByNode } from './repo/alarms.js';

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
  const points = await pointsOfProject(db, project.id, pointIds);
  const known = await existingNodeIds(db, project.id, nodeIds, 'linesegment');
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
  const breakers = nodeIds
    .filter((id) => known.has(id))
    .map((id) => ({ nodeId: id, closed: live.isClosed(id) }));
  const alarmNodes = [...new Set([...points.map((p) => p.nodeId), ...known])];
  const alarms = alarmNodes.length === 0 ? [] : await openAlarmsByNode(db, project.id, alarmNodes);
  return {
    values,
    breakers,
    alarms: alarms.map((a) => ({
      nodeId: Number(a.node_id),
      level: Number(a.level),
      count: Number(a.count),
    })),
    time: now,
  };
}
