/**
 * The expert library of a tenant in its wire shapes: fault scenarios and handling plans with
 * their scenarios. The tenant is the current project's, or the user's without one (currentTenant).
 */
import type { EventPlan, FaultScenario } from '@eem/contract';
import type { Db } from '../../db/database.js';
import { planScenarioIds, tenantPlanRows } from './repo/plans.js';
import type { ScenarioRow } from './repo/scenarios.js';

/** Why the caller may not change a library object, by its name (auth/scope.ts tenantSharedRefusals). */
export type LibraryLock = (what: string) => string | null;

export const scenarioWhat = (name: string) => `fault scenario ${name}`;
export const planWhat = (name: string) => `handling plan ${name}`;

export function scenarioOf(row: ScenarioRow, lock: LibraryLock): FaultScenario {
  return {
    id: row.id,
    name: row.name,
    deviceClassified: row.device_classified,
    eventClassified: row.event_classified,
    logTypes: row.log_types,
    causes: row.causes,
    checks: row.checks,
    attachments: row.attachments,
    updatedAt: row.updated_at,
    lockedReason: lock(scenarioWhat(row.name)),
  };
}

/** Plans of the tenant with their linked scenario ids in order; `ids` narrows to those plans. */
export async function tenantPlans(
  db: Db,
  tenantId: number,
  lock: LibraryLock,
  ids?: readonly number[],
): Promise<EventPlan[]> {
  const rows = await tenantPlanRows(db, tenantId, ids);
  const linked = await planScenarioIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    steps: row.steps,
    scenarioIds: linked.get(row.id) ?? [],
    updatedAt: row.updated_at,
    lockedReason: lock(planWhat(row.name)),
  }));
}
