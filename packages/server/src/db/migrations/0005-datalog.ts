import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * Meter data logs (issue 6).
 *
 * - `physical_quantities`: per tenant, by data id (core DEFAULT_QUANTITIES seeded per tenant).
 * - `datalog_points`: one quantity of one node of a project.
 * - `readings`: the raw readings, keyed by point and time (SQLite: WITHOUT ROWID, so the
 *   primary key is the table and a range of one point is one contiguous read).
 * - `reading_rollups`: per point, grain (1 local hour, 2 local day of the project's time
 *   zone) and bucket start: count, sum, min, max, the last value and the counter increase
 *   (`delta`: the sum of the increases from each reading's predecessor, whichever bucket that
 *   is in; a counter that falls counts from zero). Kept up to date by every write.
 * - `datalog_edits`: the audit of changed readings.
 * - `trend_templates`, `recalculations`: the trend screen's point sets, the range of each
 *   recalculation task.
 */
export function datalog(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId: idColumn } = dialectTypes(dialect);
  return {
    async up(db: Db): Promise<void> {
      await idColumn(db, 'physical_quantities')
        .addColumn('tenant_id', 'bigint', (c) => c.notNull())
        .addColumn('data_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('en_name', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('energy_type', 'integer')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('aggregation', 'text', (c) => c.notNull())
        .addColumn('decimals', 'integer', (c) => c.notNull())
        // JSON array of node types (model labels).
        .addColumn('device_types', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('physical_quantities_tenant_data', ['tenant_id', 'data_id'])
        .execute();
      await idColumn(db, 'datalog_points')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('data_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('datalog_points_node_data', ['node_id', 'data_id'])
        .execute();
      await db.schema
        .createIndex('datalog_points_project')
        .on('datalog_points')
        .column('project_id')
        .execute();
      const readings = db.schema
        .createTable('readings')
        .addColumn('point_id', 'bigint', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('value', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('readings_pk', ['point_id', 'ts']);
      await (dialect === 'sqlite' ? readings.modifyEnd(sql`without rowid`) : readings).execute();
      const rollups = db.schema
        .createTable('reading_rollups')
        .addColumn('point_id', 'bigint', (c) => c.notNull())
        .addColumn('grain', 'integer', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('sum', real, (c) => c.notNull())
        .addColumn('min', real, (c) => c.notNull())
        .addColumn('max', real, (c) => c.notNull())
        .addColumn('last', real, (c) => c.notNull())
        .addColumn('delta', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('reading_rollups_pk', ['point_id', 'grain', 'ts']);
      await (dialect === 'sqlite' ? rollups.modifyEnd(sql`without rowid`) : rollups).execute();
      await idColumn(db, 'datalog_edits')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('point_id', 'bigint', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('old_value', real)
        .addColumn('new_value', real)
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('task_id', 'bigint')
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('datalog_edits_project')
        .on('datalog_edits')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('datalog_edits_point')
        .on('datalog_edits')
        .columns(['point_id', 'id'])
        .execute();
      await idColumn(db, 'trend_templates')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON array of point ids.
        .addColumn('point_ids', 'text', (c) => c.notNull())
        .addColumn('interval', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('trend_templates_name', ['project_id', 'user_id', 'name'])
        .execute();
      await db.schema
        .createTable('recalculations')
        .addColumn('task_id', 'bigint', (c) => c.primaryKey())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recalculations_project')
        .on('recalculations')
        .columns(['project_id', 'task_id'])
        .execute();
    },
  };
}
