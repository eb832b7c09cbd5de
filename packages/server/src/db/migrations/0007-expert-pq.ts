import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * Expert knowledge and power-quality recordings (issue 7).
 *
 * - `fault_scenarios`: per tenant, the device class (node type), event class and log types a
 *   scenario applies to (empty: any), its causes, checks and attached documents (JSON arrays).
 * - `event_plans`: per tenant, handling plans with ordered steps (JSON array of {text, role});
 *   `event_plan_scenarios` links a plan to scenarios, in order.
 * - `pq_events`: the power-quality part of an event of log type 712 with a recording (node,
 *   point and time are the event's): type, phases, magnitude, duration, ITIC region and the
 *   parameters the recording is generated from (nominal voltage, load current, power factor,
 *   point on wave, seed); no samples are stored.
 */
export function expertPq(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId: idColumn } = dialectTypes(dialect);
  return {
    async up(db: Db): Promise<void> {
      await idColumn(db, 'fault_scenarios')
        .addColumn('tenant_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('device_classified', 'text', (c) => c.notNull())
        .addColumn('event_classified', 'integer')
        .addColumn('log_types', 'text', (c) => c.notNull())
        .addColumn('causes', 'text', (c) => c.notNull())
        .addColumn('checks', 'text', (c) => c.notNull())
        .addColumn('attachments', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('fault_scenarios_name', ['tenant_id', 'name'])
        .execute();
      await idColumn(db, 'event_plans')
        .addColumn('tenant_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('steps', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('event_plans_name', ['tenant_id', 'name'])
        .execute();
      await db.schema
        .createTable('event_plan_scenarios')
        .addColumn('plan_id', 'bigint', (c) => c.notNull())
        .addColumn('scenario_id', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_plan_scenarios_pk', ['plan_id', 'scenario_id'])
        .execute();
      await db.schema
        .createIndex('event_plan_scenarios_scenario')
        .on('event_plan_scenarios')
        .column('scenario_id')
        .execute();
      await idColumn(db, 'pq_events')
        .addColumn('event_id', 'bigint', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('magnitude', real, (c) => c.notNull())
        .addColumn('duration_ms', real, (c) => c.notNull())
        .addColumn('itic', 'text', (c) => c.notNull())
        .addColumn('nominal_voltage', real, (c) => c.notNull())
        .addColumn('load_current', real, (c) => c.notNull())
        .addColumn('power_factor', real, (c) => c.notNull())
        .addColumn('point_on_wave', real, (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
