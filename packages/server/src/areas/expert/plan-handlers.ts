/** Handling plans of the tenant: ordered steps and the scenarios they handle, in order. */
import type { catalogue, EndpointParsedInput, EventPlan } from '@eem/contract';
import type { Kysely } from 'kysely';
import type { RequestContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { expertTenant, type PlanRow, plansOfScenarios, tenantPlans } from './expert-store.js';

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
  const tenantId = await expertTenant(ctx);
  const { db } = ctx.services;
  const ids = body.scenarioIds.length > 0 ? await plansOfScenarios(db, body.scenarioIds) : undefined;
  const keyword = body.keyWord.toLowerCase();
  return (await tenantPlans(db, tenantId, ids)).filter(
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
  const twin = await db
    .selectFrom('event_plans')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', body.name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (twin) throw ApiError.conflict(planMessages.planNameTaken(body.name));
  const scenarioIds = [...new Set(body.scenarioIds)];
  if (scenarioIds.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom('fault_scenarios')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', scenarioIds)
        .execute()
    ).map((r) => r.id),
  );
  const missing = scenarioIds.find((id) => !found.has(id));
  if (missing !== undefined) throw ApiError.validation(planMessages.unknownScenario(missing));
  return scenarioIds;
}

async function writeLinks(
  db: Kysely<Database>,
  planId: number,
  scenarioIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('event_plan_scenarios').where('plan_id', '=', planId).execute();
  if (scenarioIds.length > 0)
    await db
      .insertInto('event_plan_scenarios')
      .values(
        scenarioIds.map((scenarioId, position) => ({ plan_id: planId, scenario_id: scenarioId, position })),
      )
      .execute();
}

async function onePlan(db: Kysely<Database>, tenantId: number, id: number): Promise<EventPlan> {
  const [plan] = await tenantPlans(db, tenantId, [id]);
  if (!plan) throw ApiError.notFound(planMessages.unknownPlan(id));
  return plan;
}

async function ownPlan(ctx: RequestContext, tenantId: number, id: number): Promise<PlanRow> {
  const row = await ctx.services.db
    .selectFrom('event_plans')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound(planMessages.unknownPlan(id));
  return row;
}

export async function createPlan(ctx: RequestContext, body: PlanBody): Promise<EventPlan> {
  const tenantId = await expertTenant(ctx);
  const scenarioIds = await checkPlan(ctx, tenantId, body);
  const now = ctx.services.clock();
  const id = await ctx.services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('event_plans')
      .values({
        tenant_id: tenantId,
        name: body.name,
        steps: JSON.stringify(body.steps),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, row.id, scenarioIds);
    return row.id;
  });
  await recordOperation(ctx, { operation: 'add', object: `handling plan ${body.name}` });
  return onePlan(ctx.services.db, tenantId, id);
}

export async function updatePlan(ctx: RequestContext, body: Body<'updatePlan'>): Promise<EventPlan> {
  const tenantId = await expertTenant(ctx);
  await ownPlan(ctx, tenantId, body.id);
  const scenarioIds = await checkPlan(ctx, tenantId, body, body.id);
  await ctx.services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('event_plans')
      .set({ name: body.name, steps: JSON.stringify(body.steps), updated_at: ctx.services.clock() })
      .where('id', '=', body.id)
      .execute();
    await writeLinks(trx, body.id, scenarioIds);
  });
  await recordOperation(ctx, { operation: 'edit', object: `handling plan ${body.name}` });
  return onePlan(ctx.services.db, tenantId, body.id);
}

export async function deletePlan(ctx: RequestContext, id: number): Promise<null> {
  const tenantId = await expertTenant(ctx);
  const row = await ownPlan(ctx, tenantId, id);
  await ctx.services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('event_plan_scenarios').where('plan_id', '=', id).execute();
    await trx.deleteFrom('event_plans').where('id', '=', id).execute();
  });
  await recordOperation(ctx, { operation: 'delete', object: `handling plan ${row.name}` });
  return null;
}
