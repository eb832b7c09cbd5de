/** Handling plans of a tenant: ordered steps (a JSON column) and the scenarios they handle, in order. */
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { EventPlanTable } from '../../../db/schema.js';

const { planSteps } = JSON_COLUMNS;

export type PlanStep = { text: string; role: string };
export type PlanRow = Omit<Selectable<EventPlanTable>, 'steps'> & { steps: PlanStep[] };

function decoded(row: Selectable<EventPlanTable>): PlanRow {
  return { ...row, steps: planSteps.read(row.steps, row.id) };
}

/** Plans of the tenant by id; `ids` narrows to those plans. */
export async function tenantPlanRows(db: Db, tenantId: number, ids?: readonly number[]): Promise<PlanRow[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('event_plans').selectAll().where('tenant_id', '=', tenantId);
  if (ids) query = query.where('id', 'in', [...ids]);
  return (await query.orderBy('id').execute()).map(decoded);
}

export async function planOfTenant(db: Db, tenantId: number, id: number): Promise<PlanRow | undefined> {
  const row = await db
    .selectFrom('event_plans')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decoded(row);
}

/** The linked scenario ids of plans, in order. */
export async function planScenarioIds(db: Db, planIds: readonly number[]): Promise<Map<number, number[]>> {
  const linked = new Map<number, number[]>();
  if (planIds.length === 0) return linked;
  const links = await db
    .selectFrom('event_plan_scenarios')
    .selectAll()
    .where('plan_id', 'in', [...planIds])
    .orderBy('plan_id')
    .orderBy('position')
    .execute();
  for (const link of links) linked.set(link.plan_id, [...(linked.get(link.plan_id) ?? []), link.scenario_id]);
  return linked;
}

/** The plan ids linked to any of the scenarios. */
export async function plansOfScenarios(db: Db, scenarioIds: readonly number[]): Promise<number[]> {
  if (scenarioIds.length === 0) return [];
  const rows = await db
    .selectFrom('event_plan_scenarios')
    .select('plan_id')
    .distinct()
    .where('scenario_id', 'in', [...scenarioIds])
    .execute();
  return rows.map((r) => r.plan_id);
}

async function writeLinks(db: Db, planId: number, scenarioIds: readonly number[]): Promise<void> {
  await db.deleteFrom('event_plan_scenarios').where('plan_id', '=', planId).execute();
  if (scenarioIds.length > 0)
    await db
      .insertInto('event_plan_scenarios')
      .values(
        scenarioIds.map((scenarioId, position) => ({ plan_id: planId, scenario_id: scenarioId, position })),
      )
      .execute();
}

/** Adds a plan with its scenarios in order, in one transaction; answers its id. */
export async function insertPlan(
  db: Db,
  plan: { tenantId: number; name: string; steps: PlanStep[]; scenarioIds: readonly number[]; now: number },
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('event_plans')
      .values({
        tenant_id: plan.tenantId,
        name: plan.name,
        steps: planSteps.write(plan.steps),
        created_at: plan.now,
        updated_at: plan.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, row.id, plan.scenarioIds);
    return row.id;
  });
}

/** Changes a plan and its scenarios, in one transaction. */
export async function updatePlan(
  db: Db,
  id: number,
  plan: { name: string; steps: PlanStep[]; scenarioIds: readonly number[]; now: number },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('event_plans')
      .set({ name: plan.name, steps: planSteps.write(plan.steps), updated_at: plan.now })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, plan.scenarioIds);
  });
}

export async function deletePlan(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('event_plan_scenarios').where('plan_id', '=', id).execute();
    await trx.deleteFrom('event_plans').where('id', '=', id).execute();
  });
}
