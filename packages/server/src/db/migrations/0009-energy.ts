import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { addMonths, ensureMonth, monthStart } from '../partitions.js';
import { dialectTypes } from './table-with-id.js';

/**
 * The energy data core (issue 15, ADR 0017). Node id 0 stands for the project itself (as a
 * parent id 0 does in `nodes`). Tables that grow with a project's data carry project_id in
 * their key.
 *
 * - `energy_settings`: per project, the accounting cycle and the display units (JSON).
 * - `coal_factors`: standard-coal factors per energy type: project 0 the platform default,
 *   else the project's override.
 * - `tou_schemes`, `tou_versions` (effective-dated definitions, JSON), `tou_bindings` (the
 *   scheme of a node; a meter follows the nearest bound node above it).
 * - `tou_rollups`: per electricity counter point, grain (1 local hour, 2 local day) and
 *   bucket, the counter increase in each time-of-use band (1 sharp .. 4 valley) by the scheme
 *   that applied to the point on the reading's day; kept with the reading rollups. On
 *   PostgreSQL partitioned by month of `ts` like `reading_rollups` (db/partitions.ts).
 * - `node_meters` (meters bound to a node with energy type, coefficient and item),
 *   `node_connections` (supply connections per energy type).
 * - `energy_plans` (monthly quotas), `products`, `production_values` (kind 1 plan, 2 actual),
 *   `energy_entries` (manual entries by month 'YYYY-MM' or day 'YYYY-MM-DD'),
 *   `favorite_nodes`.
 */
export function energy(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId } = dialectTypes(dialect);
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('energy_settings')
        .addColumn('project_id', 'bigint', (c) => c.primaryKey())
        .addColumn('cycle', 'text')
        .addColumn('units', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await tableWithId(db, 'coal_factors')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('factor', real, (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('coal_factors_type', ['project_id', 'energy_type'])
        .execute();
      await tableWithId(db, 'tou_schemes')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('tou_schemes_name', ['project_id', 'name'])
        .execute();
      await tableWithId(db, 'tou_versions')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addColumn('effective_from', 'bigint', (c) => c.notNull())
        .addColumn('effective_to', 'bigint')
        .addColumn('definition', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tou_versions_scheme').on('tou_versions').columns(['scheme_id']).execute();
      await db.schema
        .createTable('tou_bindings')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tou_bindings_pk', ['project_id', 'node_id'])
        .execute();
      if (dialect === 'postgres') {
        await sql`create table tou_rollups (
          project_id bigint not null,
          point_id bigint not null,
          grain integer not null,
          ts bigint not null,
          band integer not null,
          delta double precision not null,
          constraint tou_rollups_pk primary key (point_id, grain, ts, band, project_id)
        ) partition by range (ts)`.execute(db);
        await sql`create table tou_rollups_default partition of tou_rollups default`.execute(db);
        const now = monthStart(Date.now());
        for (let m = addMonths(now, -1); m <= addMonths(now, 3); m = addMonths(m, 1))
          await ensureMonth(db, 'tou_rollups', m);
      } else {
        await db.schema
          .createTable('tou_rollups')
          .addColumn('project_id', 'bigint', (c) => c.notNull())
          .addColumn('point_id', 'bigint', (c) => c.notNull())
          .addColumn('grain', 'integer', (c) => c.notNull())
          .addColumn('ts', 'bigint', (c) => c.notNull())
          .addColumn('band', 'integer', (c) => c.notNull())
          .addColumn('delta', real, (c) => c.notNull())
          .addPrimaryKeyConstraint('tou_rollups_pk', ['point_id', 'grain', 'ts', 'band', 'project_id'])
          .modifyEnd(sql`without rowid`)
          .execute();
      }
      await db.schema
        .createTable('node_meters')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('meter_id', 'bigint', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('coef', real, (c) => c.notNull())
        .addColumn('item', 'text')
        .addPrimaryKeyConstraint('node_meters_pk', ['project_id', 'node_id', 'meter_id'])
        .execute();
      await db.schema
        .createTable('node_connections')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('from_id', 'bigint', (c) => c.notNull())
        .addColumn('to_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('node_connections_pk', ['project_id', 'energy_type', 'from_id', 'to_id'])
        .execute();
      await db.schema
        .createTable('energy_plans')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('month', 'integer', (c) => c.notNull())
        .addColumn('value', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('energy_plans_pk', ['project_id', 'node_id', 'energy_type', 'year', 'month'])
        .execute();
      await tableWithId(db, 'products')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('products_name', ['project_id', 'name'])
        .execute();
      await db.schema
        .createTable('production_values')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('product_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('month', 'integer', (c) => c.notNull())
        .addColumn('value', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('production_values_pk', [
          'project_id',
          'product_id',
          'node_id',
          'kind',
          'year',
          'month',
        ])
        .execute();
      await db.schema
        .createTable('energy_entries')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('quantity', real, (c) => c.notNull())
        .addColumn('amount', real)
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('energy_entries_pk', ['project_id', 'node_id', 'energy_type', 'period'])
        .execute();
      await db.schema
        .createTable('favorite_nodes')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addColumn('model_label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('favorite_nodes_pk', ['project_id', 'user_id', 'node_id'])
        .execute();
    },
  };
}
