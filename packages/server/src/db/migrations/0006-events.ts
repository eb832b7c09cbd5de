import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * Events, alarms and notices (issue 7, ADR 0012).
 *
 * - `events`: one event of a project: log type, class, level, status (1 pending, 2
 *   processing, 3 confirmed), time and the time it cleared, node and point, the scheme that
 *   raised it and the incident it converged into, the value against its threshold, and who
 *   confirmed it, when and with what result.
 * - `incidents`: repeats of one scheme and node within EVENT_LIMITS.convergenceMinutes of the
 *   last one, with the first (primary) event and the member count.
 * - `alarm_schemes`: what a scheme watches, its thresholds per level, nodes, receivers,
 *   channels (JSON arrays), active window and repeat interval.
 * - `event_type_settings`: a project's attributes of an event type (level, class, pop-up,
 *   sound, push, enabled, limits); a type without a row has the defaults.
 */
export function events(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const { real, tableWithId: idColumn } = dialectTypes(dialect);
  return {
    async up(db: Db): Promise<void> {
      await idColumn(db, 'events')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('log_type', 'integer', (c) => c.notNull())
        .addColumn('event_class', 'integer', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint')
        .addColumn('node_id', 'bigint')
        .addColumn('point_id', 'bigint')
        .addColumn('scheme_id', 'bigint')
        .addColumn('incident_id', 'bigint')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('value', real)
        .addColumn('threshold', real)
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('confirmed_by', 'bigint')
        .addColumn('confirmed_at', 'bigint')
        .addColumn('result', 'text')
        .addColumn('has_wave', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('events_project_time')
        .on('events')
        .columns(['project_id', 'time'])
        .execute();
      await db.schema
        .createIndex('events_project_status')
        .on('events')
        .columns(['project_id', 'status'])
        .execute();
      await db.schema.createIndex('events_incident').on('events').column('incident_id').execute();
      await idColumn(db, 'incidents')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('scheme_id', 'bigint')
        .addColumn('node_id', 'bigint')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('last_time', 'bigint', (c) => c.notNull())
        .addColumn('primary_event_id', 'bigint', (c) => c.notNull())
        .addColumn('member_count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('incidents_project_time')
        .on('incidents')
        .columns(['project_id', 'start_time'])
        .execute();
      await db.schema
        .createIndex('incidents_scheme_node')
        .on('incidents')
        .columns(['scheme_id', 'node_id', 'last_time'])
        .execute();
      await idColumn(db, 'alarm_schemes')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON arrays: log types, [{level, value}], node ids, user ids, group ids, channels.
        .addColumn('log_types', 'text', (c) => c.notNull())
        .addColumn('thresholds', 'text', (c) => c.notNull())
        .addColumn('node_ids', 'text', (c) => c.notNull())
        .addColumn('receiver_user_ids', 'text', (c) => c.notNull())
        .addColumn('receiver_group_ids', 'text', (c) => c.notNull())
        .addColumn('channels', 'text', (c) => c.notNull())
        .addColumn('active_from', 'text')
        .addColumn('active_to', 'text')
        .addColumn('repeat_minutes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alarm_schemes_project').on('alarm_schemes').column('project_id').execute();
      await db.schema
        .createTable('event_type_settings')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('log_type', 'integer', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('event_class', 'integer', (c) => c.notNull())
        .addColumn('popup', 'integer', (c) => c.notNull())
        .addColumn('sound', 'integer', (c) => c.notNull())
        .addColumn('push', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('lower_limit', real)
        .addColumn('upper_limit', real)
        .addPrimaryKeyConstraint('event_type_settings_pk', ['project_id', 'log_type'])
        .execute();
    },
  };
}
