/**
 * Maintenance plans and items: query, add, change, delete; enable and disable. A plan keeps its
 * next occurrence (core planOccurrence on the project's calendar) and when its orders are due
 * (the occurrence minus the reminder lead); the scheduler (scheduler.ts) generates them.
 * Changing the cycle or the first execution, or enabling a plan, schedules it from the next
 * occurrence after now (occurrences missed while it was disabled are not made up).
 */
import type {
  catalogue,
  EndpointParsedInput,
  MaintenanceItem,
  MaintenancePlan,
  Project,
} from '@eem/contract';
import { nextOccurrence, PLAN_LIMITS, PLAN_MESSAGES, type PlanCycle, text } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { devicesByIds, projectTemplates } from '../devices/repo/devices.js';
import { partsByIds } from '../devices/repo/spare-parts.js';
import { listedNames, recordOperation } from '../logs/record-operation.js';
import { projectPeople } from '../workorders/people.js';
import { orderCountsByPlan } from '../workorders/repo/orders.js';
import { teamNames } from '../workorders/repo/people.js';
import {
  deleteItem as deleteItemRow,
  deletePlan as deletePlanRow,
  type ItemRow,
  insertItem,
  insertPlan,
  itemCount,
  itemPage,
  itemsByIds,
  type PlanRow,
  planCount,
  planPage,
  plansByIds,
  projectPlans,
  updateItem as updateItemRow,
  updatePlan as updatePlanRow,
} from './repo/maintenance.js';

type Body<K extends keyof typeof catalogue.maintenance> = EndpointParsedInput<
  (typeof catalogue.maintenance)[K]
>['body'];

export async function planItems(
  db: Db,
  project: Project,
  rows: readonly PlanRow[],
): Promise<MaintenancePlan[]> {
  if (rows.length === 0) return [];
  const devices = new Map(
    (await devicesByIds(db, project.id, [...new Set(rows.flatMap((r) => r.device_ids))])).map((d) => [
      d.id,
      d,
    ]),
  );
  const items = new Map(
    (await itemsByIds(db, project.id, [...new Set(rows.flatMap((r) => r.item_ids))])).map((i) => [i.id, i]),
  );
  const teams = await teamNames(
    db,
    rows.flatMap((r) => (r.team_id === null ? [] : [r.team_id])),
  );
  const counts = await orderCountsByPlan(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled === 1,
    deviceIds: r.device_ids,
    devices: r.device_ids.flatMap((id) => {
      const d = devices.get(id);
      return d ? [{ id, name: d.name, code: d.code }] : [];
    }),
    itemIds: r.item_ids,
    items: r.item_ids.flatMap((id) => {
      const i = items.get(id);
      return i ? [{ id, name: i.name }] : [];
    }),
    cycle: r.cycle as PlanCycle,
    cycleHours: r.cycle_hours,
    firstTime: r.first_time,
    teamId: r.team_id,
    teamName: r.team_id === null ? '' : (teams.get(r.team_id) ?? ''),
    timeconsumeplan: r.timeconsumeplan,
    remindBefore: r.remind_before,
    tasklevel: r.tasklevel,
    nextTime: r.enabled === 1 ? r.next_time : null,
    lastGeneratedAt: r.last_generated_at,
    orderCount: counts.get(r.id) ?? 0,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

async function planItem(db: Db, project: Project, row: PlanRow): Promise<MaintenancePlan> {
  return (await planItems(db, project, [row]))[0] as MaintenancePlan;
}

export async function plans(
  ctx: RequestContext,
  body: Body<'plans'>,
): Promise<{ total: number; list: MaintenancePlan[] }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const total = await planCount(db, project.id, body.keyword, body.enabled);
  const rows = await planPage(db, project.id, body.keyword, body.enabled, {
    limit: body.page.limit,
    offset: body.page.index * body.page.limit,
  });
  return { total, list: await planItems(db, project, rows) };
}

/** The schedule of a plan from `from` on: the next occurrence and when its orders are due. */
export function scheduleFrom(
  plan: { first_time: number; cycle: string; cycle_hours: number | null; remind_before: number },
  from: number,
  timeZone: string,
): { next_index: number; next_time: number; due_at: number } {
  const next = nextOccurrence(plan.first_time, plan.cycle as PlanCycle, from, timeZone, plan.cycle_hours);
  return { next_index: next.index, next_time: next.time, due_at: next.time - plan.remind_before };
}

async function checkPlan(ctx: RequestContext, project: Project, body: Body<'createPlan'>, exceptId = 0) {
  const { db } = ctx.services;
  if (await nameTaken(db, 'maintenance_plans', project.id, body.name, exceptId))
    throw ApiError.conflict(`name: a maintenance plan named ${body.name} already exists`);
  const devices = await devicesByIds(db, project.id, body.deviceIds);
  const missingDevice = body.deviceIds.find((id) => !devices.some((d) => d.id === id));
  if (missingDevice !== undefined)
    throw ApiError.at('body.deviceIds', `device ${missingDevice} does not exist in this project`);
  const items = await itemsByIds(db, project.id, body.itemIds);
  const missingItem = body.itemIds.find((id) => !items.some((i) => i.id === id));
  if (missingItem !== undefined)
    throw ApiError.at('body.itemIds', `maintenance item ${missingItem} does not exist in this project`);
  const people = await projectPeople(ctx.services, project);
  if (body.teamId !== null && !people.teams.some((t) => t.id === body.teamId))
    throw ApiError.at('body.teamId', `team ${body.teamId} is not an operations team of this project`);
}

function firstTimeRule(ctx: RequestContext, firstTime: number): void {
  if (firstTime < ctx.services.clock() + PLAN_LIMITS.firstExecutionLeadMs)
    throw ApiError.rule(PLAN_MESSAGES.firstExecution);
}

function values(body: Body<'createPlan'>, now: number) {
  return {
    name: body.name,
    enabled: body.enabled ? 1 : 0,
    device_ids: body.deviceIds,
    item_ids: body.itemIds,
    cycle: body.cycle,
    cycle_hours: body.cycle === 'runningHours' ? body.cycleHours : null,
    first_time: body.firstTime,
    team_id: body.teamId,
    timeconsumeplan: body.timeconsumeplan,
    remind_before: body.remindBefore,
    tasklevel: body.tasklevel,
    updated_at: now,
  };
}

export async function createPlan(ctx: RequestContext, body: Body<'createPlan'>): Promise<MaintenancePlan> {
  const project = await currentProject(ctx);
  await checkPlan(ctx, project, body);
  firstTimeRule(ctx, body.firstTime);
  const now = ctx.services.clock();
  const v = values(body, now);
  const row = await insertPlan(ctx.services.db, {
    ...v,
    ...scheduleFrom(v, now, project.timeZone),
    last_generated_at: null,
    project_id: project.id,
    created_at: now,
  });
  await recordOperation(ctx, { operation: 'add', object: text('oplog.maintenancePlan', { name: row.name }) });
  return planItem(ctx.services.db, project, row);
}

async function ownPlan(ctx: RequestContext, project: Project, id: number): Promise<PlanRow> {
  const [row] = await plansByIds(ctx.services.db, project.id, [id]);
  if (!row) throw ApiError.notFound(`id: maintenance plan ${id} does not exist in this project`);
  return row;
}

export async function updatePlan(ctx: RequestContext, body: Body<'updatePlan'>): Promise<MaintenancePlan> {
  const project = await currentProject(ctx);
  const old = await ownPlan(ctx, project, body.id);
  await checkPlan(ctx, project, body, body.id);
  if (body.firstTime !== old.first_time) firstTimeRule(ctx, body.firstTime);
  const now = ctx.services.clock();
  const v = values(body, now);
  const timing =
    v.first_time !== old.first_time ||
    v.cycle !== old.cycle ||
    v.cycle_hours !== old.cycle_hours ||
    v.remind_before !== old.remind_before ||
    (v.enabled === 1 && old.enabled === 0);
  // A new timing starts from the next occurrence after now; otherwise the schedule stays.
  const schedule = timing ? scheduleFrom(v, now, project.timeZone) : {};
  const row = await updatePlanRow(ctx.services.db, project.id, body.id, { ...v, ...schedule });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.maintenancePlan', { name: row.name }),
  });
  return planItem(ctx.services.db, project, row);
}

export async function deletePlan(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const row = await ownPlan(ctx, project, id);
  await deletePlanRow(ctx.services.db, project.id, id);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.maintenancePlan', { name: row.name }),
  });
  return null;
}

export async function setPlansEnabled(
  ctx: RequestContext,
  ids: readonly number[],
  enabled: boolean,
): Promise<MaintenancePlan[]> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const unique = [...new Set(ids)];
  const rows = await plansByIds(db, project.id, unique);
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined)
    throw ApiError.notFound(`ids: maintenance plan ${missing} does not exist in this project`);
  const now = ctx.services.clock();
  const out: PlanRow[] = [];
  for (const row of rows) {
    if ((row.enabled === 1) === enabled) {
      out.push(row);
      continue;
    }
    const schedule = enabled ? scheduleFrom(row, now, project.timeZone) : {};
    out.push(
      await updatePlanRow(db, project.id, row.id, { enabled: enabled ? 1 : 0, updated_at: now, ...schedule }),
    );
  }
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.maintenancePlans', { names: listedNames(rows.map((r) => r.name)) }),
    description: text(enabled ? 'oplog.enabled' : 'oplog.disabled'),
  });
  return planItems(db, project, out);
}

// ------------------------------------------------------------------ items

async function itemWire(db: Db, project: Project, rows: readonly ItemRow[]): Promise<MaintenanceItem[]> {
  const plans = await projectPlans(db, project.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    deviceType: r.device_type,
    content: r.content,
    method: r.method,
    standard: r.standard,
    hours: r.hours,
    spareParts: r.spare_parts,
    planCount: plans.filter((p) => p.item_ids.includes(r.id)).length,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export async function items(
  ctx: RequestContext,
  body: Body<'items'>,
): Promise<{ total: number; list: MaintenanceItem[] }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const total = await itemCount(db, project.id, body.keyword, body.deviceType);
  const rows = await itemPage(db, project.id, body.keyword, body.deviceType, {
    limit: body.page.limit,
    offset: body.page.index * body.page.limit,
  });
  return { total, list: await itemWire(db, project, rows) };
}

async function checkItem(ctx: RequestContext, project: Project, body: Body<'createItem'>, exceptId = 0) {
  const { db } = ctx.services;
  if (await nameTaken(db, 'maintenance_items', project.id, body.name, exceptId))
    throw ApiError.conflict(`name: a maintenance item named ${body.name} already exists`);
  const ids = body.spareParts.map((p) => p.partId);
  if (new Set(ids).size !== ids.length) throw ApiError.at('body.spareParts', 'a part is listed twice');
  const parts = await partsByIds(db, project.id, ids);
  const missing = ids.find((id) => !parts.some((p) => p.id === id));
  if (missing !== undefined)
    throw ApiError.at('body.spareParts', `spare part ${missing} does not exist in this project`);
}

function itemValues(body: Body<'createItem'>, now: number) {
  return {
    name: body.name,
    device_type: body.deviceType,
    content: body.content,
    method: body.method,
    standard: body.standard,
    hours: body.hours,
    spare_parts: body.spareParts,
    updated_at: now,
  };
}

export async function createItem(ctx: RequestContext, body: Body<'createItem'>): Promise<MaintenanceItem> {
  const project = await currentProject(ctx);
  await checkItem(ctx, project, body);
  const now = ctx.services.clock();
  const row = await insertItem(ctx.services.db, {
    ...itemValues(body, now),
    project_id: project.id,
    created_at: now,
  });
  await recordOperation(ctx, { operation: 'add', object: text('oplog.maintenanceItem', { name: row.name }) });
  return (await itemWire(ctx.services.db, project, [row]))[0] as MaintenanceItem;
}

async function ownItem(ctx: RequestContext, project: Project, id: number): Promise<ItemRow> {
  const [row] = await itemsByIds(ctx.services.db, project.id, [id]);
  if (!row) throw ApiError.notFound(`id: maintenance item ${id} does not exist in this project`);
  return row;
}

export async function updateItem(ctx: RequestContext, body: Body<'updateItem'>): Promise<MaintenanceItem> {
  const project = await currentProject(ctx);
  await ownItem(ctx, project, body.id);
  await checkItem(ctx, project, body, body.id);
  const row = await updateItemRow(
    ctx.services.db,
    project.id,
    body.id,
    itemValues(body, ctx.services.clock()),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.maintenanceItem', { name: row.name }),
  });
  return (await itemWire(ctx.services.db, project, [row]))[0] as MaintenanceItem;
}

export async function deleteItem(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const row = await ownItem(ctx, project, id);
  const { db } = ctx.services;
  const plan = (await projectPlans(db, project.id)).find((p) => p.item_ids.includes(id));
  if (plan)
    throw ApiError.conflict(`id: the maintenance plan ${plan.name} names ${row.name}; take it out first`);
  const template = (await projectTemplates(db, project.id)).find((t) => t.item_ids.includes(id));
  if (template)
    throw ApiError.conflict(`id: the device template ${template.name} names ${row.name}; take it out first`);
  await deleteItemRow(db, project.id, id);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.maintenanceItem', { name: row.name }),
  });
  return null;
}
