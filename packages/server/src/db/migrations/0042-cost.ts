import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * Cost (issue 17, ADR 0025). Days are 'YYYY-MM-DD' and months 'YYYY-MM' of the project's zone.
 *
 * - `cost_rates`: rate schemes (name unique per project, energy type, rate type of core
 *   RATE_TYPES, the time-of-use scheme of a TOU rate).
 * - `cost_rate_versions`: effective days [from, to] (to null: open), the single price (flat,
 *   capacity, demand) and the power-factor standard.
 * - `cost_rate_prices`: the prices of a version by position: a band's (TOU), a tier's (up to a
 *   monthly volume, null: open), a season's (its months as a list of numbers).
 * - `cost_schemes`: accounting schemes (name unique per project, fee items, other fees (JSON),
 *   the apportionment scheme, the cycle); `cost_scheme_rates` (per energy type the volume rate
 *   and the basic and PF rates); `cost_scheme_objects` (nodes; a node in one scheme only).
 * - `cost_results`: per scheme, month and object: the charges, apportioned in and out, total,
 *   tce and the per-energy-type detail with its components (JSON); `cost_calculations`: when a
 *   scheme's month was calculated and by which task. A calculation replaces a month's rows in
 *   one transaction.
 * - `cost_budgets`: per node, year and month (1–12) the budget in yuan.
 */
export function cost(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId } = dialectTypes(dialect);
  return {
    async up(db: Db): Promise<void> {
      await tableWithId(db, 'cost_rates')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('rate_type', 'text', (c) => c.notNull())
        .addColumn('tou_scheme_id', 'bigint')
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('cost_rates_name', ['project_id', 'name'])
        .execute();
      await tableWithId(db, 'cost_rate_versions')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('rate_id', 'bigint', (c) => c.notNull())
        .addColumn('effective_from', 'text', (c) => c.notNull())
        .addColumn('effective_to', 'text')
        .addColumn('price', real)
        .addColumn('pf_standard', real)
        .execute();
      await db.schema
        .createIndex('cost_rate_versions_rate')
        .on('cost_rate_versions')
        .columns(['rate_id'])
        .execute();
      await tableWithId(db, 'cost_rate_prices')
        .addColumn('version_id', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('band', 'integer')
        .addColumn('up_to', real)
        .addColumn('months', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price', real, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cost_rate_prices_version')
        .on('cost_rate_prices')
        .columns(['version_id'])
        .execute();
      await tableWithId(db, 'cost_schemes')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('fee_items', 'text', (c) => c.notNull())
        .addColumn('other_fees', 'text', (c) => c.notNull())
        .addColumn('share_scheme_id', 'bigint')
        .addColumn('cycle', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('cost_schemes_name', ['project_id', 'name'])
        .execute();
      await tableWithId(db, 'cost_scheme_rates')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('rate_id', 'bigint', (c) => c.notNull())
        .addColumn('basic_rate_id', 'bigint')
        .addColumn('pf_rate_id', 'bigint')
        .addUniqueConstraint('cost_scheme_rates_type', ['scheme_id', 'energy_type'])
        .execute();
      await tableWithId(db, 'cost_scheme_objects')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('model_label', 'text', (c) => c.notNull())
        .addColumn('basic_quantity', real)
        .addUniqueConstraint('cost_scheme_objects_node', ['project_id', 'node_id'])
        .execute();
      await db.schema
        .createIndex('cost_scheme_objects_scheme')
        .on('cost_scheme_objects')
        .columns(['scheme_id'])
        .execute();
      await tableWithId(db, 'cost_results')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('energy_charge', real, (c) => c.notNull())
        .addColumn('basic_charge', real, (c) => c.notNull())
        .addColumn('pf_adjustment', real, (c) => c.notNull())
        .addColumn('other_fees', real, (c) => c.notNull())
        .addColumn('apportioned_in', real, (c) => c.notNull())
        .addColumn('apportioned_out', real, (c) => c.notNull())
        .addColumn('total', real, (c) => c.notNull())
        .addColumn('tce', real)
        .addColumn('detail', 'text', (c) => c.notNull())
        .addUniqueConstraint('cost_results_object', ['scheme_id', 'month', 'node_id'])
        .execute();
      await db.schema
        .createIndex('cost_results_node')
        .on('cost_results')
        .columns(['project_id', 'node_id', 'month'])
        .execute();
      await db.schema
        .createTable('cost_calculations')
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('task_id', 'bigint')
        .addColumn('calculated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('cost_calculations_pk', ['scheme_id', 'month'])
        .execute();
      await db.schema
        .createTable('cost_budgets')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('model_label', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('month', 'integer', (c) => c.notNull())
        .addColumn('amount', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('cost_budgets_pk', ['project_id', 'node_id', 'year', 'month'])
        .execute();
    },
  };
}
