/** Event rows as the contract's event items: node name and path, type name, who confirmed. */
import type { EventItem } from '@eem/contract';
import { logTypeName, shownText, workOrderStatusName } from '@eem/core';
import type { Db } from '../../db/database.js';
import { nodePaths } from '../datalog/point-store.js';
import { nodeNames } from '../nodes/repo/nodes.js';
import { userNames } from '../users/repo/users.js';
import { repairOrdersOfEvents } from '../workorders/repo/orders.js';
import type { EventRow } from './repo/events.js';

export type { EventRow };

/** What an event answers of its repair order. */
function orderRef(order: { code: string; status: number } | undefined, language: 'zh' | 'en') {
  return order
    ? {
        code: order.code,
        workSheetStatus: order.status,
        statusName: workOrderStatusName(order.status, language),
      }
    : null;
}

export async function eventItems(
  db: Db,
  projectId: number,
  rows: readonly EventRow[],
  language: 'zh' | 'en',
): Promise<EventItem[]> {
  if (rows.length === 0) return [];
  const nodeIds = [...new Set(rows.flatMap((r) => (r.node_id === null ? [] : [r.node_id])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.confirmed_by === null ? [] : [r.confirmed_by])))];
  const paths = nodeIds.length > 0 ? await nodePaths(db, projectId) : new Map<number, string>();
  // Nodes of the project only (an event names a node of its own project).
  const nodes = new Map(
    (await nodeNames(db, nodeIds)).filter((n) => n.project_id === projectId).map((n) => [n.id, n]),
  );
  const users = await userNames(db, userIds);
  const orders = await repairOrdersOfEvents(
    db,
    projectId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const node = r.node_id === null ? undefined : nodes.get(r.node_id);
    return {
      id: r.id,
      projectId: r.project_id,
      logType: r.log_type,
      logTypeName: logTypeName(r.log_type, language),
      eventClass: r.event_class,
      level: r.level,
      status: r.status,
      time: r.time,
      endTime: r.end_time,
      nodeId: r.node_id,
      nodeLabel: node?.model_label ?? null,
      nodeName: node?.name ?? '',
      path: r.node_id === null ? '' : (paths.get(r.node_id) ?? node?.name ?? ''),
      description: shownText(r.description_text, r.description, language),
      value: r.value,
      threshold: r.threshold,
      unit: r.unit,
      pointId: r.point_id,
      schemeId: r.scheme_id,
      incidentId: r.incident_id,
      confirmedBy: r.confirmed_by === null ? null : (users.get(r.confirmed_by) ?? String(r.confirmed_by)),
      confirmedAt: r.confirmed_at,
      result: r.result === null ? null : shownText(r.result_text, r.result, language),
      hasWave: r.has_wave === 1,
      repairOrder: orderRef(orders.get(r.id), language),
    };
  });
}
