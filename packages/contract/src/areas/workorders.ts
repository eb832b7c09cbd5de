/**
 * Maintenance and repair work orders (issue 18; screens.md §2.10 /serviceOrder, /repairorder,
 * §3.14; ADR 0018): the same twelve calls for each type (query, count, detail, create, assign,
 * takeOrder, stash, submit, submit/batch, review, discard, query/export), and the teams and
 * people an order may go to. The life cycle is core's state machine (workorders.ts): a call
 * the order's state or the caller may not make is refused with a message naming the state. All
 * calls act on the current project (the projectId header).
 */
import { type PermissionKey, WORK_ORDER_LIMITS, WORK_ORDER_MESSAGES, type WorkOrderType } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, page, pagedList } from '../schemas.js';
import {
  orderCode,
  orderCounts,
  orderDetail,
  orderFilter,
  orderWork,
  photos,
  plannedMs,
  taskLevel,
  workOrder,
} from './workorders-schemas.js';

const L = WORK_ORDER_LIMITS;

const description = z
  .string({ error: WORK_ORDER_MESSAGES.descriptionRequired })
  .trim()
  .min(1, { error: WORK_ORDER_MESSAGES.descriptionRequired })
  .max(L.descriptionMax, { error: `description: at most ${L.descriptionMax} characters` });

const common = {
  description,
  tasklevel: taskLevel.default(3),
  teamId: id.nullable().default(null),
  /** The planned start (default: now). */
  executetimeplan: epochMs.optional(),
  timeconsumeplan: plannedMs.default(L.defaultPlannedMs),
};

/** A repair order: a device or a node (or both), a fault description, photos; or from an event. */
export const createRepairBody = z
  .object({
    ...common,
    deviceId: id.nullable().default(null),
    nodeId: id.nullable().default(null),
    /** The event the order is for (the diagnosis pane's "Create repair order"). */
    eventId: id.nullable().default(null),
    attachments: photos,
  })
  .superRefine((v, ctx) => {
    if (v.deviceId === null && v.nodeId === null && v.eventId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['deviceId'],
        message: 'deviceId: name the device (or the node, or the event) to repair',
      });
  });

/** A maintenance order by hand: a device and the maintenance items to carry out. */
export const createMaintenanceBody = z.object({
  ...common,
  deviceId: id,
  itemIds: z
    .array(id)
    .min(1, { error: 'itemIds: choose at least one maintenance item' })
    .max(L.itemsMax, { error: `itemIds: at most ${L.itemsMax}` }),
});

const codeBody = z.object({ code: orderCode });
const queryBody = z.intersection(orderFilter, z.object({ page }));

function orderEndpoints<T extends WorkOrderType, C extends z.ZodType>(
  type: T,
  access: { read: PermissionKey; review: PermissionKey },
  create: C,
) {
  const base = `/eem-service/v1/workorder/${type}`;
  const what = type === 'repair' ? 'repair orders' : 'maintenance orders';
  const named = (name: string) => `workorders.${type}${name}`;
  return {
    query: defineEndpoint({
      id: named('Query'),
      method: 'POST',
      path: `${base}/query`,
      summary: `A page of the ${what} of the current project by filters, planned start newest first.`,
      body: queryBody,
      data: pagedList(workOrder),
      permission: access.read,
    }),
    count: defineEndpoint({
      id: named('Count'),
      method: 'POST',
      path: `${base}/count`,
      summary: `The ${what} matching the filters counted by state (the board's tabs), and how many are late.`,
      body: orderFilter,
      data: orderCounts,
      permission: access.read,
    }),
    detail: defineEndpoint({
      id: named('Detail'),
      method: 'GET',
      path: `${base}/detail/{code}`,
      summary: `One of the ${what}: items, recorded work, the review draft, the timeline of who did what when, its event, and what the caller may do now.`,
      params: codeBody,
      data: orderDetail,
      permission: access.read,
    }),
    create: defineEndpoint({
      id: named('Create'),
      method: 'POST',
      path: `${base}/create`,
      summary:
        type === 'repair'
          ? 'Raise a repair order (to be confirmed): a device or node, a fault description, a level, photos; with eventId, for that event (one open order per event).'
          : 'Create a maintenance order by hand (to be confirmed): a device and its maintenance items.',
      body: create,
      data: workOrder,
      permission: access.read,
    }),
    assign: defineEndpoint({
      id: named('Assign'),
      method: 'POST',
      path: `${base}/assign`,
      summary: 'Dispatch or reassign an order to a person (and team) who may take orders.',
      body: z.object({ code: orderCode, executorId: id, teamId: id.nullable().optional() }),
      data: workOrder,
      permission: 'workorder_assign',
    }),
    take: defineEndpoint({
      id: named('Take'),
      method: 'POST',
      path: `${base}/takeOrder`,
      summary:
        'Take an order (to be confirmed, or timed out without an executor): one of several takers at once wins, the others are told who has it.',
      body: codeBody,
      data: workOrder,
      permission: 'workorder_take',
    }),
    stash: defineEndpoint({
      id: named('Stash'),
      method: 'POST',
      path: `${base}/stash`,
      summary: 'The executor saves the work as a draft (the state stays).',
      body: z.object({ code: orderCode, work: orderWork }),
      data: workOrder,
      permission: 'workorder_take',
    }),
    submit: defineEndpoint({
      id: named('Submit'),
      method: 'POST',
      path: `${base}/submit`,
      summary:
        'The executor submits the work (the draft with `work` over it) for review: a result is required, completion not before the start, spare parts within stock.',
      body: z.object({ code: orderCode, work: orderWork.optional() }),
      data: workOrder,
      permission: 'workorder_take',
    }),
    submitBatch: defineEndpoint({
      id: named('SubmitBatch'),
      method: 'POST',
      path: `${base}/submit/batch`,
      summary: `Submit several orders with their drafts (at most ${L.batchMax}); each is submitted or refused with the reason.`,
      body: z.object({
        codes: z
          .array(orderCode)
          .min(1, { error: 'codes: choose at least one order' })
          .max(L.batchMax, { error: `codes: at most ${L.batchMax} orders at a time` }),
      }),
      data: z.object({
        submitted: z.array(z.string()),
        refused: z.array(z.object({ code: z.string(), message: z.string() })),
      }),
      permission: 'workorder_take',
    }),
    review: defineEndpoint({
      id: named('Review'),
      method: 'POST',
      path: `${base}/review`,
      summary:
        type === 'repair'
          ? 'Audit a submitted order: pass (completed; its spare parts leave the stock), fail (returned, a comment required) or save the review for later.'
          : 'Review the current stage (technician review, then shift-leader review): pass (next stage, or completed: spare parts leave the stock), fail (returned, a comment required) or save for later.',
      body: z
        .object({
          code: orderCode,
          /** pass, fail (back to the executor) or save (temporary saving: nothing changes state). */
          outcome: z.enum(['pass', 'fail', 'save'], { error: 'outcome must be pass, fail or save' }),
          comment: z
            .string()
            .trim()
            .max(L.resultMax, { error: `comment: at most ${L.resultMax} characters` })
            .default(''),
        })
        .superRefine((v, ctx) => {
          if (v.outcome === 'fail' && v.comment === '')
            ctx.addIssue({
              code: 'custom',
              path: ['comment'],
              message: WORK_ORDER_MESSAGES.commentRequiredOnReturn,
            });
        }),
      data: workOrder,
      permission: access.review,
    }),
    discard: defineEndpoint({
      id: named('Discard'),
      method: 'POST',
      path: `${base}/discard`,
      summary: 'Discard an order that is not completed, with the reason.',
      body: z.object({
        code: orderCode,
        reason: z
          .string({ error: WORK_ORDER_MESSAGES.reasonRequired })
          .trim()
          .min(1, { error: WORK_ORDER_MESSAGES.reasonRequired })
          .max(L.resultMax, { error: `reason: at most ${L.resultMax} characters` }),
      }),
      data: workOrder,
      permission: 'workorder_discard',
    }),
    export: defineEndpoint({
      id: named('Export'),
      method: 'POST',
      path: `${base}/query/export`,
      summary: `The ${what} of the filters as xlsx (at most ${L.exportMax} rows).`,
      body: orderFilter,
      data: z.null(),
      permission: access.read,
      kind: 'download',
    }),
  };
}

const maintenance = orderEndpoints(
  'maintenance',
  // Reviews need the stage's permission (technician or shift leader), checked per order.
  { read: 'ops_serviceOrder', review: 'ops_serviceOrder' },
  createMaintenanceBody,
);
const repair = orderEndpoints(
  'repair',
  { read: 'ops_repairorder', review: 'workorder_audit' },
  createRepairBody,
);

export const workorders = {
  maintenanceQuery: maintenance.query,
  maintenanceCount: maintenance.count,
  maintenanceDetail: maintenance.detail,
  maintenanceCreate: maintenance.create,
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
  repairCreate: repair.create,
  repairAssign: repair.assign,
  repairTake: repair.take,
  repairStash: repair.stash,
  repairSubmit: repair.submit,
  repairSubmitBatch: repair.submitBatch,
  repairReview: repair.review,
  repairDiscard: repair.discard,
  repairExport: repair.export,
  teams: defineEndpoint({
    id: 'workorders.teams',
    method: 'GET',
    path: '/eem-service/v1/workorder/teams',
    summary:
      "The current project's operations teams and the people who may take orders, for the assign, create and plan forms (chosen).",
    data: z.object({
      teams: z.array(
        z.object({ id: z.number().int(), name: z.string(), memberIds: z.array(z.number().int()) }),
      ),
      people: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          nicName: z.string(),
          teamIds: z.array(z.number().int()),
        }),
      ),
    }),
    permission: 'session',
  }),
} as const;
