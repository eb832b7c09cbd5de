import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * Operations (issue 18, ADR 0018): the device ledger, templates, spare parts and their stock
 * moves, maintenance items and plans, and the maintenance and repair work orders with their
 * timeline. Lists of ids and structured values are JSON text (db/json-columns.ts).
 *
 * - `work_orders`: one order of a project: type, code (unique in the project), status and
 *   review stage (core's state machine), level, description, device and node, team, executor,
 *   creator, source (manual, plan, event) with the plan (and its name then) or the event,
 *   planned start and hours and their sum (the deadline), actual start and completion, the
 *   overdue flag, photos, the maintenance items with what was recorded, the work (result,
 *   cause, spare parts, photos), a review saved for later, when it was taken, submitted and
 *   completed, and a version every change increments (two people acting at once: one wins).
 *   A plan's occurrence gives one order per device: unique (plan, device, planned start).
 * - `work_order_steps`: the timeline: who did what when, from which state to which.
 * - `work_order_codes`: the last number of a code per project, prefix and local day.
 * - `devices`, `device_templates`, `spare_parts`, `stock_moves`, `maintenance_items`,
 *   `maintenance_plans` (with its next occurrence and when that is due: `due_at`).
 *
 * On PostgreSQL every table but the code counter has (project_id, id) as its primary key and
 * an index on id (ADR 0016: tables that grow with a project's data carry the project in their
 * key).
 */
export function operations(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId: idColumn } = dialectTypes(dialect);
  const projectKey = async (db: Db, table: string) => {
    if (dialect !== 'postgres') return;
    const t = sql.table(table);
    await sql`alter table ${t} drop constraint ${sql.ref(`${table}_pkey`)}`.execute(db);
    await sql`alter table ${t} add constraint ${sql.ref(`${table}_pkey`)} primary key (project_id, id)`.execute(
      db,
    );
    await sql`create index ${sql.ref(`${table}_id`)} on ${t} (id)`.execute(db);
  };
  return {
    async up(db: Db): Promise<void> {
      await idColumn(db, 'device_templates')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parameters', 'text', (c) => c.notNull())
        .addColumn('item_ids', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('device_templates_name', ['project_id', 'name'])
        .execute();
      await projectKey(db, 'device_templates');

      await idColumn(db, 'devices')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('template_id', 'bigint')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('manufacturer', 'text', (c) => c.notNull())
        .addColumn('node_id', 'bigint')
        .addColumn('factory_date', 'bigint')
        .addColumn('operation_date', 'bigint')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('last_maintenance', 'bigint')
        .addColumn('next_maintenance', 'bigint')
        .addColumn('parameters', 'text', (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('documents', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('devices_code', ['project_id', 'code'])
        .execute();
      await projectKey(db, 'devices');
      await db.schema.createIndex('devices_node').on('devices').columns(['project_id', 'node_id']).execute();

      await idColumn(db, 'spare_parts')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('template_id', 'bigint')
        .addColumn('supplier', 'text', (c) => c.notNull())
        .addColumn('contact_phone', 'text', (c) => c.notNull())
        .addColumn('safety_stock', 'bigint', (c) => c.notNull())
        .addColumn('stock', 'bigint', (c) => c.notNull())
        .addColumn('price', real, (c) => c.notNull())
        .addColumn('device_ids', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('spare_parts_name', ['project_id', 'name', 'model'])
        .execute();
      await projectKey(db, 'spare_parts');
      // Stock never goes below zero, whatever writes it.
      if (dialect === 'postgres')
        await sql`alter table spare_parts add constraint spare_parts_stock check (stock >= 0)`.execute(db);

      await idColumn(db, 'stock_moves')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('part_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addColumn('stock_after', 'bigint', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('device_id', 'bigint')
        .addColumn('order_id', 'bigint')
        .addColumn('note', 'text', (c) => c.notNull())
        .execute();
      await projectKey(db, 'stock_moves');
      await db.schema
        .createIndex('stock_moves_time')
        .on('stock_moves')
        .columns(['project_id', 'time'])
        .execute();
      await db.schema
        .createIndex('stock_moves_part')
        .on('stock_moves')
        .columns(['part_id', 'time'])
        .execute();

      await idColumn(db, 'maintenance_items')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('standard', 'text', (c) => c.notNull())
        .addColumn('hours', 'bigint', (c) => c.notNull())
        .addColumn('spare_parts', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('maintenance_items_name', ['project_id', 'name'])
        .execute();
      await projectKey(db, 'maintenance_items');

      await idColumn(db, 'maintenance_plans')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('device_ids', 'text', (c) => c.notNull())
        .addColumn('item_ids', 'text', (c) => c.notNull())
        .addColumn('cycle', 'text', (c) => c.notNull())
        .addColumn('cycle_hours', 'integer')
        .addColumn('first_time', 'bigint', (c) => c.notNull())
        .addColumn('team_id', 'bigint')
        .addColumn('timeconsumeplan', 'bigint', (c) => c.notNull())
        .addColumn('remind_before', 'bigint', (c) => c.notNull())
        .addColumn('tasklevel', 'integer', (c) => c.notNull())
        // The next occurrence whose orders are still to come, and when they are due (time − lead).
        .addColumn('next_index', 'integer', (c) => c.notNull())
        .addColumn('next_time', 'bigint', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('last_generated_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('maintenance_plans_name', ['project_id', 'name'])
        .execute();
      await projectKey(db, 'maintenance_plans');
      await db.schema
        .createIndex('maintenance_plans_due')
        .on('maintenance_plans')
        .columns(['enabled', 'due_at'])
        .execute();

      await idColumn(db, 'work_orders')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('review_stage', 'integer', (c) => c.notNull())
        .addColumn('tasklevel', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('device_id', 'bigint')
        .addColumn('node_id', 'bigint')
        .addColumn('team_id', 'bigint')
        .addColumn('executor_id', 'bigint')
        .addColumn('creator_id', 'bigint')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'bigint')
        .addColumn('plan_name', 'text', (c) => c.notNull())
        .addColumn('event_id', 'bigint')
        .addColumn('executetimeplan', 'bigint', (c) => c.notNull())
        .addColumn('timeconsumeplan', 'bigint', (c) => c.notNull())
        .addColumn('deadline', 'bigint', (c) => c.notNull())
        .addColumn('executetime', 'bigint')
        .addColumn('finishtime', 'bigint')
        .addColumn('overdue', 'integer', (c) => c.notNull())
        .addColumn('attachments', 'text', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('work', 'text', (c) => c.notNull())
        .addColumn('review_draft', 'text')
        .addColumn('taken_at', 'bigint')
        .addColumn('submitted_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('work_orders_code', ['project_id', 'code'])
        .execute();
      await projectKey(db, 'work_orders');
      // The board: pages of a state by planned start, and the counts by state with the overdue
      // ones, per project and type, from the index alone (overdue last: a covering count).
      await db.schema
        .createIndex('work_orders_board')
        .on('work_orders')
        .columns(['project_id', 'type', 'status', 'executetimeplan', 'overdue'])
        .execute();
      await db.schema
        .createIndex('work_orders_planned')
        .on('work_orders')
        .columns(['project_id', 'type', 'executetimeplan'])
        .execute();
      // The timeout sweep: open orders by deadline.
      await db.schema
        .createIndex('work_orders_deadline')
        .on('work_orders')
        .columns(['status', 'deadline'])
        .execute();
      await db.schema
        .createIndex('work_orders_event')
        .on('work_orders')
        .columns(['project_id', 'event_id'])
        .execute();
      await db.schema
        .createIndex('work_orders_device')
        .on('work_orders')
        .columns(['project_id', 'device_id'])
        .execute();
      // One order per plan occurrence and device, whoever generates it.
      await db.schema
        .createIndex('work_orders_occurrence')
        .on('work_orders')
        .columns(['plan_id', 'device_id', 'executetimeplan'])
        .unique()
        .where(sql.ref('plan_id'), 'is not', null)
        .execute();
      // One open repair order per event (discarded ones aside).
      await db.schema
        .createIndex('work_orders_one_per_event')
        .on('work_orders')
        .columns(['project_id', 'event_id'])
        .unique()
        .where(sql<boolean>`event_id is not null and status <> 8`)
        .execute();

      await idColumn(db, 'work_order_steps')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('order_id', 'bigint', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('from_status', 'integer')
        .addColumn('to_status', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .execute();
      await projectKey(db, 'work_order_steps');
      await db.schema
        .createIndex('work_order_steps_order')
        .on('work_order_steps')
        .columns(['order_id', 'id'])
        .execute();

      await db.schema
        .createTable('work_order_codes')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('last', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('work_order_codes_pk', ['project_id', 'prefix', 'day'])
        .execute();
    },
  };
}
