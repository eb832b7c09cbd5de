import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * Loss and apportionment (issue 17, ADR 0028). Months are 'YYYY-MM' of the project's calendar
 * and zone; instants are epoch milliseconds.
 *
 * - `loss_objects`: a supply node against its consumer nodes for an energy type (name unique
 *   per project), the lower and upper limit of the loss rate (%), warning levels (JSON
 *   [{level, ratePct}]), enabled, the warnings' deadband (points of rate) and repeat interval.
 * - `loss_object_consumers`: the consumer nodes of a loss object, in order.
 * - `share_schemes`: apportionment ('share'), public-area ('public') and loss-share ('loss')
 *   schemes (name unique per project and type): energy type, source node (share, public) or
 *   loss object (loss).
 * - `share_scheme_versions`: effective periods [valid_from, valid_to) (null: open) with their
 *   method; `share_scheme_targets`: per version, the receivers in order with a ratio (fixed
 *   ratio) or a weight (area, headcount, output).
 * - `share_results` (one per scheme and month: the amount split, the lines' total, the parts
 *   as JSON [{from, to, method, amount}], when computed) and `share_result_lines` (each
 *   receiver's amount). A recomputation replaces a scheme's months in one transaction.
 * - `loss_events`: what a loss warning (706, 707) was about: loss object, rate, warning level
 *   and the window measured.
 */
export function loss(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId } = dialectTypes(dialect);
  return {
    async up(db: Db): Promise<void> {
      await tableWithId(db, 'loss_objects')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('supply_node_id', 'bigint', (c) => c.notNull())
        .addColumn('lower_limit_pct', real, (c) => c.notNull())
        .addColumn('upper_limit_pct', real, (c) => c.notNull())
        .addColumn('levels', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('deadband_pct', real, (c) => c.notNull())
        .addColumn('repeat_minutes', 'integer', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('loss_objects_name', ['project_id', 'name'])
        .execute();
      await db.schema
        .createTable('loss_object_consumers')
        .addColumn('loss_object_id', 'bigint', (c) => c.notNull())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('loss_object_consumers_pk', ['loss_object_id', 'node_id'])
        .execute();
      await tableWithId(db, 'share_schemes')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('source_node_id', 'bigint')
        .addColumn('loss_object_id', 'bigint')
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('share_schemes_name', ['project_id', 'type', 'name'])
        .execute();
      await tableWithId(db, 'share_scheme_versions')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('valid_from', 'bigint', (c) => c.notNull())
        .addColumn('valid_to', 'bigint')
        .addColumn('method', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('share_scheme_versions_scheme')
        .on('share_scheme_versions')
        .columns(['scheme_id', 'seq'])
        .execute();
      await db.schema
        .createTable('share_scheme_targets')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('version_id', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('ratio', real)
        .addColumn('weight', real)
        .addPrimaryKeyConstraint('share_scheme_targets_pk', ['version_id', 'node_id'])
        .execute();
      await db.schema
        .createTable('share_results')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('start_ts', 'bigint', (c) => c.notNull())
        .addColumn('end_ts', 'bigint', (c) => c.notNull())
        .addColumn('source_amount', real)
        .addColumn('total', real, (c) => c.notNull())
        .addColumn('parts', 'text', (c) => c.notNull())
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('share_results_pk', ['scheme_id', 'month'])
        .execute();
      await db.schema
        .createTable('share_result_lines')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('amount', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('share_result_lines_pk', ['scheme_id', 'month', 'node_id'])
        .execute();
      await db.schema
        .createTable('loss_events')
        .addColumn('event_id', 'bigint', (c) => c.primaryKey())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('loss_object_id', 'bigint', (c) => c.notNull())
        .addColumn('rate_pct', real, (c) => c.notNull())
        .addColumn('warning_level', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('window_end', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('loss_events_object')
        .on('loss_events')
        .columns(['loss_object_id'])
        .execute();
    },
  };
}
