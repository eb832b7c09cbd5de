/**
 * The expert library of a tenant: fault scenarios and handling plans (migration 0007), read
 * into their wire shapes. The tenant is the current project's, or the user's without one.
 */
import type { EventPlan, FaultScenario } from '@eem/contract';
import type { Kysely, Selectable } from 'kysely';
import { type RequestContext, requireUser } from '../../context.js';
import type { Database, EventPlanTable, FaultScenarioTable } from '../../db/schema.js';

export type ScenarioRow = Selectable<FaultScenarioTable>;
export type PlanRow = Selectable<EventPlanTable>;

export async function expertTenant(ctx: RequestContext): Promise<number> {
  const user = requireUser(ctx);
  if (ctx.projectId === null) return user.tenantId;
  const project = await ctx.services.projects.get(ctx.projectId);
  return project?.tenantId ?? user.tenantId;
}

function jsonArray<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function scenarioOf(row: ScenarioRow): FaultScenario {
  return {
    id: row.id,
    name: row.name,
    deviceClassified: row.device_classified,
    eventClassified: row.event_classified,
    logTypes: jsonArray<number>(row.log_types),
    causes: jsonArray<string>(row.causes),
    checks: jsonArray<string>(row.checks),
    attachments: jsonArray<string>(row.attachments),
    updatedAt: row.updated_at,
  };
}

export function tenantScenarios(db: Kysely<Database>, tenantId: number): Promise<ScenarioRow[]> {
  return db
    .selectFrom('fault_scenarios')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

/** Plans of the tenant with their linked scenario ids in order; `ids` narrows to those plans. */
export async function tenantPlans(
  db: Kysely<Database>,
  tenantId: number,
  ids?: readonly number[],
): Promise<EventPlan[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('event_plans').selectAll().where('tenant_id', '=', tenantId);
  if (ids) query = query.where('id', 'in', [...ids]);
  const rows = await query.orderBy('id').execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('event_plan_scenarios')
    .selectAll()
    .where(
      'plan_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('plan_id')
    .orderBy('position')
    .execute();
  const linked = new Map<number, number[]>();
  for (const link of links) linked.set(link.plan_id, [...(linked.get(link.plan_id) ?? []), link.scenario_id]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    steps: jsonArray<{ text: string; role: string }>(row.steps),
    scenarioIds: linked.get(row.id) ?? [],
    updatedAt: row.updated_at,
  }));
}

/** The plan ids linked to any of the scenarios. */
export async function plansOfScenarios(
  db: Kysely<Database>,
  scenarioIds: readonly number[],
): Promise<number[]> {
  if (scenarioIds.length === 0) return [];
  const rows = await db
    .selectFrom('event_plan_scenarios')
    .select('plan_id')
    .distinct()
    .where('scenario_id', 'in', [...scenarioIds])
    .execute();
  return rows.map((r) => r.plan_id);
}
