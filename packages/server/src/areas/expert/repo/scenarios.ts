/** Fault scenarios of a tenant; log types, causes, checks and attachments are JSON columns. */
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { FaultScenarioTable } from '../../../db/schema.js';

const C = JSON_COLUMNS;

/** The columns a scenario is written with (tenant and creation time apart). */
type Json = 'log_types' | 'causes' | 'checks' | 'attachments';

export type ScenarioRow = Omit<Selectable<FaultScenarioTable>, Json> & {
  log_types: number[];
  causes: string[];
  checks: string[];
  attachments: string[];
};

export type ScenarioValues = Omit<ScenarioRow, 'id' | 'tenant_id' | 'created_at'>;

function decoded(row: Selectable<FaultScenarioTable>): ScenarioRow {
  return {
    ...row,
    log_types: C.scenarioLogTypes.read(row.log_types, row.id),
    causes: C.scenarioCauses.read(row.causes, row.id),
    checks: C.scenarioChecks.read(row.checks, row.id),
    attachments: C.scenarioAttachments.read(row.attachments, row.id),
  };
}

function encoded(v: ScenarioValues) {
  return {
    ...v,
    log_types: C.scenarioLogTypes.write(v.log_types),
    causes: C.scenarioCauses.write(v.causes),
    checks: C.scenarioChecks.write(v.checks),
    attachments: C.scenarioAttachments.write(v.attachments),
  };
}

export async function tenantScenarios(db: Db, tenantId: number): Promise<ScenarioRow[]> {
  const rows = await db
    .selectFrom('fault_scenarios')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return rows.map(decoded);
}

export async function scenarioOfTenant(
  db: Db,
  tenantId: number,
  id: number,
): Promise<ScenarioRow | undefined> {
  const row = await db
    .selectFrom('fault_scenarios')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decoded(row);
}

/** The ids among `ids` of scenarios of the tenant. */
export async function scenarioIdsOfTenant(
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('fault_scenarios')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function hasScenarios(db: Db, tenantId: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('fault_scenarios')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) !== undefined
  );
}

export async function insertScenario(
  db: Db,
  values: ScenarioValues & { tenant_id: number; created_at: number },
): Promise<ScenarioRow> {
  const { tenant_id, created_at, ...rest } = values;
  const row = await db
    .insertInto('fault_scenarios')
    .values({ tenant_id, created_at, ...encoded(rest) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function updateScenario(db: Db, id: number, values: ScenarioValues): Promise<ScenarioRow> {
  const row = await db
    .updateTable('fault_scenarios')
    .set(encoded(values))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

/** Deletes a scenario; plans that named it forget it. */
export async function deleteScenario(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('event_plan_scenarios').where('scenario_id', '=', id).execute();
    await trx.deleteFrom('fault_scenarios').where('id', '=', id).execute();
  });
}
