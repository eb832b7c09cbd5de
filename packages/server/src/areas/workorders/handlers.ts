/**
 * The workorders area (issue 18): the same twelve calls for maintenance and repair orders, and
 * the teams and people orders go to. Each handler acts as the caller in the current project
 * (acting.ts) through the services that the scheduler and the demo use too.
 */
import type { catalogue, OrderWork } from '@eem/contract';
import type { WorkOrderType } from '@eem/core';
import type { RequestContext } from '../../context.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { actingOf } from './acting.js';
import { orderItem } from './order-items.js';
import { countOrders, exportOrders, orderDetail, queryOrders } from './order-queries.js';
import {
  assignOrder,
  createMaintenanceOrder,
  createRepairOrder,
  discardOrder,
  reviewOrder,
  stashOrder,
  submitOrder,
  submitOrders,
  takeOrder,
} from './orders.js';
import { teamsAndPeople } from './people.js';
import type { OrderRow } from './repo/orders.js';

/** Runs a change as the caller and answers the changed order. */
async function changed(
  ctx: RequestContext,
  change: (acting: Awaited<ReturnType<typeof actingOf>>) => Promise<OrderRow>,
) {
  const acting = await actingOf(ctx);
  return orderItem(ctx.services.db, await change(acting), ctx.language);
}

/** The handlers of one type's twelve calls. */
function typeHandlers(type: WorkOrderType) {
  return {
    query: ({ body }: { body: Parameters<typeof queryOrders>[2] }, ctx: RequestContext) =>
      queryOrders(ctx, type, body),
    count: ({ body }: { body: Parameters<typeof countOrders>[2] }, ctx: RequestContext) =>
      countOrders(ctx, type, body),
    detail: ({ params }: { params: { code: string } }, ctx: RequestContext) =>
      orderDetail(ctx, type, params.code),
    assign: (
      { body }: { body: { code: string; executorId: number; teamId?: number | null | undefined } },
      ctx: RequestContext,
    ) => changed(ctx, (a) => assignOrder(a, type, body)),
    take: ({ body }: { body: { code: string } }, ctx: RequestContext) =>
      changed(ctx, (a) => takeOrder(a, type, body.code)),
    stash: ({ body }: { body: { code: string; work: OrderWork } }, ctx: RequestContext) =>
      changed(ctx, (a) => stashOrder(a, type, body)),
    submit: ({ body }: { body: { code: string; work?: OrderWork | undefined } }, ctx: RequestContext) =>
      changed(ctx, (a) => submitOrder(a, type, body)),
    submitBatch: async ({ body }: { body: { codes: string[] } }, ctx: RequestContext) =>
      submitOrders(await actingOf(ctx), type, body.codes),
    review: (
      { body }: { body: { code: string; outcome: 'pass' | 'fail' | 'save'; comment: string } },
      ctx: RequestContext,
    ) => changed(ctx, (a) => reviewOrder(a, type, body)),
    discard: ({ body }: { body: { code: string; reason: string } }, ctx: RequestContext) =>
      changed(ctx, (a) => discardOrder(a, type, body)),
    export: ({ body }: { body: Parameters<typeof exportOrders>[2] }, ctx: RequestContext) =>
      exportOrders(ctx, type, body),
  };
}

const maintenance = typeHandlers('maintenance');
const repair = typeHandlers('repair');

export const workordersHandlers: AreaHandlers<typeof catalogue.workorders> = {
  maintenanceQuery: maintenance.query,
  maintenanceCount: maintenance.count,
  maintenanceDetail: maintenance.detail,
  maintenanceCreate: async ({ body }, ctx) => createMaintenanceOrder(await actingOf(ctx), body),
  maintenanceAssign: maintenance.assign,
  maintenanceTake: maintenance.take,
  maintenanceStash: maintenance.stash,
  maintenanceSubmit: maintenance.submit,
  maintenanceSubmitBatch: maintenance.submitBatch,
  maintenanceReview: maintenance.review,
  maintenanceDiscard: maintenance.discard,
  maintenanceExport: maintenance.export,
  repairQuery: repair.query,
  repairCount: repair.count,
  repairDetail: repair.detail,
  repairCreate: async ({ body }, ctx) => createRepairOrder(await actingOf(ctx), body),
  repairAssign: repair.assign,
  repairTake: repair.take,
  repairStash: repair.stash,
  repairSubmit: repair.submit,
  repairSubmitBatch: repair.submitBatch,
  repairReview: repair.review,
  repairDiscard: repair.discard,
  repairExport: repair.export,
  teams: async (_input, ctx) => {
    const acting = await actingOf(ctx);
    return teamsAndPeople(ctx.services, acting.project);
  },
};
