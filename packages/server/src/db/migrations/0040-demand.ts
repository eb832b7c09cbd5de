import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * Demand and the electricity bill (issue 16, ADR 0022). Months are 'YYYY-MM' of the project's
 * calendar and zone.
 *
 * - `demand_inlets`: the inlets (进线) of a project: name and bus segment unique per project,
 *   voltage, transformer kVA, billing method (capacity or demand), the declared demand of
 *   months without a declaration, demand window (sliding or fixed), the meter node whose
 *   active power is measured, billing scheme, utility account; `rolled_to` is the end of the
 *   quarter hours already in `demand_rollups` (null: none yet) and `edits_seen` the newest
 *   `datalog_edits` id of the meter's power point applied to them.
 * - `billing_schemes` (name unique per project, power-factor standard 0.90/0.85/0.80 or null,
 *   the time-of-use scheme that splits the kWh) and `billing_scheme_versions` (effective
 *   months, allowed methods (JSON), capacity and demand prices, penalty threshold % and
 *   multiplier, the price of each time-of-use band).
 * - `demand_warning_configs`: per inlet, up to 4 levels (JSON [{level, value}]) as % of the
 *   declared demand or kW, on the actual and optionally the predicted demand, receivers,
 *   channels, repeat interval.
 * - `demand_declarations`: the declared demand of an inlet for a month, with its reminder day
 *   and users.
 * - `utility_bills` (one per inlet and month) and `utility_bill_lines`: the utility's bills
 *   as entered, line by line (codes of core BILL_LINE_CODES).
 * - `demand_rollups`: per inlet and quarter hour (its start): the fixed-window demand (the
 *   quarter hour's average active power), the largest sliding-window demand whose window ends
 *   in the quarter hour and when; `source` 1 computed from readings, 2 imported. A month's
 *   maximum reads at most 2 976 rows of one inlet.
 * - `demand_events`: what a demand event (704, 705) was about: inlet, demand, declared value,
 *   whether on the predicted value.
 */
export function demand(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId } = dialectTypes(dialect);
  return {
    async up(db: Db): Promise<void> {
      await tableWithId(db, 'demand_inlets')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('voltage_kv', real, (c) => c.notNull())
        .addColumn('bus_segment', 'text', (c) => c.notNull())
        .addColumn('transformer_kva', real, (c) => c.notNull())
        .addColumn('billing_method', 'text', (c) => c.notNull())
        .addColumn('declared_kw', real, (c) => c.notNull())
        .addColumn('window_type', 'text', (c) => c.notNull())
        .addColumn('meter_node_id', 'bigint', (c) => c.notNull())
        .addColumn('billing_scheme_id', 'bigint')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('rolled_to', 'bigint')
        .addColumn('edits_seen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('demand_inlets_name', ['project_id', 'name'])
        .addUniqueConstraint('demand_inlets_bus', ['project_id', 'bus_segment'])
        .execute();
      await tableWithId(db, 'billing_schemes')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('pf_standard', real)
        .addColumn('tou_scheme_id', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('billing_schemes_name', ['project_id', 'name'])
        .execute();
      await tableWithId(db, 'billing_scheme_versions')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('month_from', 'text', (c) => c.notNull())
        .addColumn('month_to', 'text')
        .addColumn('methods', 'text', (c) => c.notNull())
        .addColumn('capacity_price', real, (c) => c.notNull())
        .addColumn('demand_price', real, (c) => c.notNull())
        .addColumn('penalty_threshold_pct', real, (c) => c.notNull())
        .addColumn('penalty_multiplier', real, (c) => c.notNull())
        .addColumn('price_sharp', real, (c) => c.notNull())
        .addColumn('price_peak', real, (c) => c.notNull())
        .addColumn('price_flat', real, (c) => c.notNull())
        .addColumn('price_valley', real, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('billing_scheme_versions_scheme')
        .on('billing_scheme_versions')
        .columns(['scheme_id', 'month_from'])
        .execute();
      await db.schema
        .createTable('demand_warning_configs')
        .addColumn('inlet_id', 'bigint', (c) => c.primaryKey())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('basis', 'text', (c) => c.notNull())
        .addColumn('levels', 'text', (c) => c.notNull())
        .addColumn('on_predicted', 'integer', (c) => c.notNull())
        .addColumn('receiver_ids', 'text', (c) => c.notNull())
        .addColumn('channels', 'text', (c) => c.notNull())
        .addColumn('repeat_minutes', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('demand_declarations')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('inlet_id', 'bigint', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('value_kw', real, (c) => c.notNull())
        .addColumn('reminder_day', 'integer')
        .addColumn('reminder_user_ids', 'text', (c) => c.notNull())
        .addColumn('reminded_at', 'bigint')
        .addColumn('updated_by', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('demand_declarations_pk', ['inlet_id', 'month'])
        .execute();
      await tableWithId(db, 'utility_bills')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('inlet_id', 'bigint', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('total', real, (c) => c.notNull())
        .addColumn('entered_by', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('utility_bills_month', ['inlet_id', 'month'])
        .execute();
      await db.schema
        .createIndex('utility_bills_project')
        .on('utility_bills')
        .columns(['project_id', 'month'])
        .execute();
      await tableWithId(db, 'utility_bill_lines')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('bill_id', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('quantity', real)
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('price', real)
        .addColumn('amount', real, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('utility_bill_lines_bill')
        .on('utility_bill_lines')
        .columns(['bill_id', 'seq'])
        .execute();
      await db.schema
        .createTable('demand_rollups')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('inlet_id', 'bigint', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('avg_kw', real)
        .addColumn('max_kw', real)
        .addColumn('max_at', 'bigint')
        .addColumn('source', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('demand_rollups_pk', ['inlet_id', 'ts'])
        .execute();
      await db.schema
        .createTable('demand_events')
        .addColumn('event_id', 'bigint', (c) => c.primaryKey())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('inlet_id', 'bigint', (c) => c.notNull())
        .addColumn('demand_kw', real, (c) => c.notNull())
        .addColumn('declared_kw', real, (c) => c.notNull())
        .addColumn('predicted', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('demand_events_inlet').on('demand_events').columns(['inlet_id']).execute();
    },
  };
}
