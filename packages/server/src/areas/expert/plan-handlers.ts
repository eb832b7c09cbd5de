/** Handling plans of the tenant: ordered steps and the scenarios they handle, in order. */
import type { catalogue, EndpointParsedInput, EventPlan } from '@eem/contract';
import { text } from '@eem/core';
import { assertGovernsTenant, scopeOf, tenantSharedRefusals } from '../../auth/scope.js';
import { currentTenant, type RequestContext } from '../../context.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { planWhat, tenantPlans } from './expert-store.js';
import {
  deletePlan as deletePlanRows,
  insertPlan,
  type PlanRow,
  planOfTenant,
  plansOfScenarios,
  updatePlan as updatePlanRows,
} from './repo/plans.js';
import { scenarioIdsOfTenant } from './repo/scenarios.js';

type Body<K extends keyof typeof catalogue.expert> = EndpointParsedInput<
  (typeof catalogue.expert)[K]
>['body'];
type PlanBody = Body<'createPlan'>;

export const planMessages = {
  unknownPlan: (id: number) => `id: handling plan ${id} does not exist`,
  planNameTaken: (name: string) => `name: a handling plan named ${name} already exists`,
  unknownScenario: (id: number) => `scenarioIds: fault scenario ${id} does not exist`,
} as const;

export async function plans(ctx: RequestContext, body: Body<'plans'>): Promise<EventPlan[]> {
  const tenantId = await currentTenant(ctx);
  const { db } = ctx.services;
  const ids = body.scenarioIds.length > 0 ? await plansOfScenarios(db, body.scenarioIds) : undefined;
  const keyword = body.keyWord.toLowerCase();
  const lock = await tenantSharedRefusals(ctx, await scopeOf(ctx), tenantId);
  return (await tenantPlans(db, tenantId, lock, ids)).filter(
    (p) =>
      keyword === '' ||
      [p.name, ...p.steps.flatMap((s) => [s.text, s.role])].some((t) => t.toLowerCase().includes(keyword)),
  );
}

async function checkPlan(
  ctx: RequestContext,
  tenantId: number,
  body: PlanBody,
  exceptId = 0,
): Promise<number[]> {
  const { db } = ctx.services;
  if (await nameTaken(db, 'event_plans', tenantId, body.name, exceptId))
    throw ApiError.conflict(planMessages.planNameTaken(body.name));
  const scenarioIds = [...new Set(body.scenarioIds)];
  if (scenarioIds.length === 0) return [];
  const found = await scenarioIdsOfTenant(db, tenantId, scenarioIds);
  const missing = scenarioIds.find((id) => !found.has(id));
  if (missing !== undefined) throw ApiError.rule(planMessages.unknownScenario(missing));
  return scenarioIds;
}

async function onePlan(ctx: RequestContext, tenantId: number, id: number): Promise<EventPlan> {
  const lock = await tenantSharedRefusals(ctx, await scopeOf(ctx), tenantId);
  const [plan] = await tenantPlans(ctx.services.db, tenantId, lock, [id]);
  if (!plan) throw ApiError.notFound(planMessages.unknownPlan(id));
  return plan;
}

async function ownPlan(ctx: RequestContext, tenantId: number, id: number): Promise<PlanRow> {
  const row = await planOfTenant(ctx.services.db, tenantId, id);
  if (!row) throw ApiError.notFound(planMessages.unknownPlan(id));
  return row;
}

export async function createPlan(ctx: RequestContext, body: PlanBody): Promise<EventPlan> {
  const tenantId = await currentTenant(ctx);
  const scenarioIds = await checkPlan(ctx, tenantId, body);
  const id = await insertPlan(ctx.services.db, {
    tenantId,
    name: body.name,
    steps: body.steps,
    scenarioIds,
    now: ctx.services.clock(),
  });
  await recordOperation(ctx, { operation: 'add', object: text('oplog.handlingPlan', { name: body.name }) });
  return onePlan(ctx, tenantId, id);
}

export async function updatePlan(ctx: RequestContext, body: Body<'updatePlan'>): Promise<EventPlan> {
  const tenantId = await currentTenant(ctx);
  const own = await ownPlan(ctx, tenantId, body.id);
  await assertGovernsTenant(ctx, await scopeOf(ctx), tenantId, planWhat(own.name));
  const scenarioIds = await checkPlan(ctx, tenantId, body, body.id);
  await updatePlanRows(ctx.services.db, body.id, {
    name: body.name,
    steps: body.steps,
    scenarioIds,
    now: ctx.services.clock(),
  });
  await recordOperation(ctx, { operation: 'edit', object: text('oplog.handlingPlan', { name: body.name }) });
  return onePlan(ctx, tenantId, body.id);
}

export async function deletePlan(ctx: RequestContext, id: number): Promise<null> {
  const tenantId = await currentTenant(ctx);
  const row = await ownPlan(ctx, tenantId, id);
  await assertGovernsTenant(ctx, await scopeOf(ctx), tenantId, planWhat(row.name));
  await deletePlanRows(ctx.services.db, id);
  await recordOperation(ctx, { operation: 'delete', object: text('oplog.handlingPlan', { name: row.name }) });
  return null;
}
