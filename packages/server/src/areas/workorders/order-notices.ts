/**
 * The notices of work orders (log types 714 service orders, 715 repair orders: platform-core
 * §2.5 opens /serviceOrder and /repairorder): who hears of what. A new order: the takers of
 * its team (without a team, the dispatchers); assigned: the executor; submitted or passed to
 * the next stage: who may review that stage; returned, completed, discarded: the executor (and
 * the creator); timed out: the executor or the team's takers, and the dispatchers. Content:
 * {eventClass, logType, orderCode, orderType, workSheetStatus, description}.
 */
import type { Project } from '@eem/contract';
import {
  EVENT_CLASS,
  REVIEW_STAGES,
  text,
  WORK_ORDER_ACTION_INFO,
  WORK_ORDER_TYPE_INFO,
  type WorkOrderType,
  workOrderStatusName,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import type { NoticeInput } from '../notices/notice-hub.js';
import { holders as holdersOf } from './people.js';

export type OrderNoticeKind =
  | 'created'
  | 'assigned'
  | 'submitted'
  | 'nextStage'
  | 'returned'
  | 'completed'
  | 'timedOut'
  | 'discarded';

interface NoticeOrder {
  code: string;
  type: string;
  status: number;
  review_stage: number;
  description: string;
  team_id: number | null;
  executor_id: number | null;
  creator_id: number | null;
}

/** Who hears of an order's change. */
async function recipients(
  services: Services,
  project: Project,
  order: NoticeOrder,
  kind: OrderNoticeKind,
  db: Db,
): Promise<number[]> {
  const holders = (permission: string, teamId: number | null = null) =>
    holdersOf(services, project, permission, teamId, db);
  const type = order.type as WorkOrderType;
  const mine = [order.executor_id, order.creator_id].filter((id): id is number => id !== null);
  switch (kind) {
    case 'created': {
      const team = order.team_id === null ? [] : await holders('workorder_take', order.team_id);
      return team.length > 0 ? team : holders('workorder_assign');
    }
    case 'assigned':
    case 'returned':
      return order.executor_id === null ? [] : [order.executor_id];
    case 'submitted':
    case 'nextStage': {
      const stage = REVIEW_STAGES[type][order.review_stage - 1];
      if (!stage) return [];
      const reviewers = await holders(WORK_ORDER_ACTION_INFO[stage].permission);
      return reviewers.filter((id) => id !== order.executor_id);
    }
    case 'completed':
    case 'discarded':
      return mine;
    case 'timedOut': {
      const workers =
        order.executor_id !== null
          ? [order.executor_id]
          : order.team_id === null
            ? []
            : await holders('workorder_take', order.team_id);
      return [...workers, ...(await holders('workorder_assign'))];
    }
  }
}

/** The notice of an order's change for its recipients (none: no notice). */
export async function orderNotice(
  services: Services,
  project: Project,
  order: NoticeOrder,
  kind: OrderNoticeKind,
  db: Db = services.db,
): Promise<NoticeInput[]> {
  const userIds = [...new Set(await recipients(services, project, order, kind, db))];
  if (userIds.length === 0) return [];
  const type = order.type as WorkOrderType;
  const info = WORK_ORDER_TYPE_INFO[type];
  const eventClass = kind === 'timedOut' ? EVENT_CLASS.warning : EVENT_CLASS.general;
  return [
    {
      userIds,
      projectId: project.id,
      logType: info.logType,
      eventClass,
      text: text('notice.workOrder', {
        orderType: type,
        code: order.code,
        change: kind,
        description: order.description.slice(0, 400),
      }),
      content: {
        eventClass,
        logType: info.logType,
        orderCode: order.code,
        orderType: type,
        workSheetStatus: order.status,
        statusName: workOrderStatusName(order.status),
      },
    },
  ];
}
