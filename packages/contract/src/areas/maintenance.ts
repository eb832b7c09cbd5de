/**
 * Maintenance plans and the maintenance item library (issue 18; screens.md §2.10 /servicePlan,
 * /serviceProject, §3.14; ADR 0018). An enabled plan generates one maintenance order per device
 * at each occurrence (its cycle on the project's calendar), a reminder lead time before it, for
 * its team; the scheduler runs each occurrence exactly once across restarts and servers. All
 * calls act on the current project.
 */
import {
  PLAN_CYCLES,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  TIMING_OPTION_MS,
  WORK_ORDER_TIMING_OPTIONS,
} from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, keywordText, nameText, page, pagedList } from '../schemas.js';
import { plannedMs, taskLevel } from './workorders-schemas.js';

const P = PLAN_LIMITS;

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field}: at most ${max} characters` })
    .default('');

const ids = (field: string, max: number, min: { n: number; message: string }) =>
  z
    .array(id)
    .min(min.n, { error: min.message })
    .max(max, { error: `${field}: at most ${max}` })
    .refine((v) => new Set(v).size === v.length, { error: `${field}: an id is listed twice` });

const planFields = z.object({
  name: nameText('name', P.nameMax),
  enabled: z.boolean().default(true),
  deviceIds: ids('deviceIds', P.devicesMax, { n: 1, message: PLAN_MESSAGES.atLeastOneDevice }),
  itemIds: ids('itemIds', P.itemsMax, { n: 1, message: PLAN_MESSAGES.atLeastOneItem }),
  cycle: z.enum(PLAN_CYCLES, { error: `cycle must be one of ${PLAN_CYCLES.join(', ')}` }),
  /** By running hours: the hours between two orders. */
  cycleHours: z.number().int().min(1).max(P.cycleHoursMax).nullable().default(null),
  /** The first execution (at least 15 minutes from now when set or changed). */
  firstTime: epochMs,
  /** The one team that does the plan's orders (null: the dispatchers assign them). */
  teamId: id.nullable().default(null),
  timeconsumeplan: plannedMs,
  /** How long before each execution its order appears and the team is told (a timing option). */
  remindBefore: z
    .number()
    .int()
    .refine((v) => TIMING_OPTION_MS.includes(v), {
      error: `remindBefore must be one of the timing options (${WORK_ORDER_TIMING_OPTIONS.map((o) => o.label[1]).join(', ')}) in ms`,
    }),
  tasklevel: taskLevel.default(3),
});

function cycleRule(v: { cycle: string; cycleHours: number | null }, ctx: z.RefinementCtx): void {
  if (v.cycle === 'runningHours' && v.cycleHours === null)
    ctx.addIssue({ code: 'custom', path: ['cycleHours'], message: PLAN_MESSAGES.cycleHours });
}

export const maintenancePlan = planFields.extend({
  id: z.number().int(),
  devices: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
  teamName: z.string(),
  /** The next execution whose order is still to come (null: disabled). */
  nextTime: epochMs.nullable(),
  /** When the plan last generated orders (null: never). */
  lastGeneratedAt: epochMs.nullable(),
  /** Orders the plan generated so far. */
  orderCount: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type MaintenancePlan = z.output<typeof maintenancePlan>;

const itemFields = z.object({
  name: nameText('name', P.itemNameMax),
  /** The device type it applies to (a template's name, or free text). */
  deviceType: text('deviceType', P.itemTypeMax),
  content: text('content', P.itemTextMax),
  method: text('method', P.itemTextMax),
  /** The acceptance standard. */
  standard: text('standard', P.itemTextMax),
  /** Estimated hours, in ms. */
  hours: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3_600_000)
    .default(0),
  /** Typical spare parts. */
  spareParts: z
    .array(z.object({ partId: id, quantity: z.number().int().min(1).max(999_999_999) }))
    .max(20, { error: 'spareParts: at most 20' })
    .default([]),
});

export const maintenanceItem = itemFields.extend({
  id: z.number().int(),
  /** Plans that name the item. */
  planCount: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type MaintenanceItem = z.output<typeof maintenanceItem>;

const planIds = z.object({
  ids: z
    .array(id)
    .min(1, { error: 'ids: choose at least one plan' })
    .max(P.devicesMax, { error: `ids: at most ${P.devicesMax}` }),
});

export const maintenance = {
  plans: defineEndpoint({
    id: 'maintenance.plans',
    method: 'POST',
    path: '/eem-service/v1/maintenance/plan/query',
    summary: 'The maintenance plans of the current project, with their next execution (chosen).',
    body: z
      .object({ keyword: keywordText(), enabled: z.boolean().optional(), page })
      .default({ keyword: '', page: { index: 0, limit: 50 } }),
    data: pagedList(maintenancePlan),
    permission: 'ops_servicePlan',
  }),
  createPlan: defineEndpoint({
    id: 'maintenance.createPlan',
    method: 'POST',
    path: '/eem-service/v1/maintenance/plan',
    summary:
      'Add a maintenance plan: devices, items, cycle, first execution, team, planned hours, reminder (chosen).',
    body: planFields.superRefine(cycleRule),
    data: maintenancePlan,
    permission: 'maintenance_update',
  }),
  updatePlan: defineEndpoint({
    id: 'maintenance.updatePlan',
    method: 'PUT',
    path: '/eem-service/v1/maintenance/plan',
    summary:
      'Change a plan; a changed cycle or first execution reschedules it from the next execution (chosen).',
    body: planFields.extend({ id }).superRefine(cycleRule),
    data: maintenancePlan,
    permission: 'maintenance_update',
  }),
  deletePlan: defineEndpoint({
    id: 'maintenance.deletePlan',
    method: 'DELETE',
    path: '/eem-service/v1/maintenance/plan',
    summary: 'Delete a plan; the orders it generated stay (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'maintenance_update',
  }),
  enablePlans: defineEndpoint({
    id: 'maintenance.enablePlans',
    method: 'POST',
    path: '/eem-service/v1/maintenance/plan/enable',
    summary: 'Enable plans: each is scheduled from its next execution after now (chosen).',
    body: planIds,
    data: z.array(maintenancePlan),
    permission: 'maintenance_update',
  }),
  disablePlans: defineEndpoint({
    id: 'maintenance.disablePlans',
    method: 'POST',
    path: '/eem-service/v1/maintenance/plan/disable',
    summary: 'Disable plans: they generate nothing until enabled again (chosen).',
    body: planIds,
    data: z.array(maintenancePlan),
    permission: 'maintenance_update',
  }),
  items: defineEndpoint({
    id: 'maintenance.items',
    method: 'POST',
    path: '/eem-service/v1/maintenance/item/query',
    summary: 'The maintenance item library of the current project (chosen).',
    body: z
      .object({ keyword: keywordText(), deviceType: z.string().trim().max(P.itemTypeMax).default(''), page })
      .default({ keyword: '', deviceType: '', page: { index: 0, limit: 50 } }),
    data: pagedList(maintenanceItem),
    permission: 'session',
  }),
  createItem: defineEndpoint({
    id: 'maintenance.createItem',
    method: 'POST',
    path: '/eem-service/v1/maintenance/item',
    summary:
      'Add a maintenance item: device type, content, method, acceptance standard, hours, typical parts (chosen).',
    body: itemFields,
    data: maintenanceItem,
    permission: 'maintenance_update',
  }),
  updateItem: defineEndpoint({
    id: 'maintenance.updateItem',
    method: 'PUT',
    path: '/eem-service/v1/maintenance/item',
    summary: 'Change a maintenance item; orders already made keep what they were made with (chosen).',
    body: itemFields.extend({ id }),
    data: maintenanceItem,
    permission: 'maintenance_update',
  }),
  deleteItem: defineEndpoint({
    id: 'maintenance.deleteItem',
    method: 'DELETE',
    path: '/eem-service/v1/maintenance/item',
    summary: 'Delete a maintenance item no plan or template names (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'maintenance_update',
  }),
} as const;
