/** Order rows as the contract's work orders: device, location, team and people by name, state names. */
import type { WorkOrder } from '@eem/contract';
import { taskLevelName, type WorkOrderType, workOrderStatusName } from '@eem/core';
import type { Db } from '../../db/database.js';
import { deviceNames } from '../devices/repo/devices.js';
import { nodePaths } from '../nodes/repo/nodes.js';
import type { OrderListRow } from './repo/orders.js';
import { personNames, teamNames } from './repo/people.js';

export async function orderItems(
  db: Db,
  projectId: number,
  rows: readonly OrderListRow[],
  language: 'zh' | 'en',
): Promise<WorkOrder[]> {
  if (rows.length === 0) return [];
  const devices = await deviceNames(
    db,
    projectId,
    rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id])),
  );
  const nodeIds = rows.flatMap((r) => {
    const id = r.node_id ?? (r.device_id === null ? null : (devices.get(r.device_id)?.node_id ?? null));
    return id === null ? [] : [id];
  });
  const paths = await nodePaths(db, projectId, nodeIds);
  const teams = await teamNames(
    db,
    rows.flatMap((r) => (r.team_id === null ? [] : [r.team_id])),
  );
  const people = await personNames(
    db,
    rows.flatMap((r) => [r.executor_id, r.creator_id].filter((id): id is number => id !== null)),
  );
  return rows.map((r) => {
    const device = r.device_id === null ? undefined : devices.get(r.device_id);
    const nodeId = r.node_id ?? device?.node_id ?? null;
    return {
      id: r.id,
      code: r.code,
      type: r.type as WorkOrderType,
      projectId: r.project_id,
      workSheetStatus: r.status,
      statusName: workOrderStatusName(r.status, language),
      reviewStage: r.review_stage,
      tasklevel: r.tasklevel,
      tasklevelName: taskLevelName(r.tasklevel, language),
      description: r.description,
      deviceId: r.device_id,
      deviceName: device?.name ?? '',
      deviceCode: device?.code ?? '',
      nodeId: r.node_id,
      location: nodeId === null ? '' : (paths.get(nodeId) ?? ''),
      teamId: r.team_id,
      teamName: r.team_id === null ? '' : (teams.get(r.team_id) ?? ''),
      executorId: r.executor_id,
      executorName: r.executor_id === null ? '' : (people.get(r.executor_id) ?? String(r.executor_id)),
      creatorId: r.creator_id,
      creatorName: r.creator_id === null ? r.plan_name : (people.get(r.creator_id) ?? String(r.creator_id)),
      source: r.source as WorkOrder['source'],
      planId: r.plan_id,
      planName: r.plan_name,
      eventId: r.event_id,
      executetimeplan: r.executetimeplan,
      timeconsumeplan: r.timeconsumeplan,
      deadline: r.deadline,
      executetime: r.executetime,
      finishtime: r.finishtime,
      overdue: r.overdue === 1,
      attachments: r.attachments,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

export async function orderItem(db: Db, row: OrderListRow, language: 'zh' | 'en'): Promise<WorkOrder> {
  const [item] = await orderItems(db, row.project_id, [row], language);
  if (!item) throw new Error(`order ${row.id} could not be shaped`);
  return item;
}
