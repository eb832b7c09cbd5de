import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Administration (issue 3): the operation log, uploaded files, cameras and knowledge folders
 * (for video and document grants), the project profile's image and documents, project-bound
 * user groups and users' notification types.
 */
export function administration(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Db): Promise<void> {
      const withId = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn('id', idType, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          );
      await withId('operation_logs')
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'bigint')
        .addColumn('project_id', 'bigint')
        .addColumn('module', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('object', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('operation_logs_time')
        .on('operation_logs')
        .columns(['time', 'id'])
        .execute();
      await db.schema.createIndex('tasks_started').on('tasks').columns(['started_at', 'id']).execute();
      await db.schema
        .createTable('files')
        .addColumn('file_name', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'bigint', (c) => c.notNull())
        .addColumn('project_id', 'bigint')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId('cameras')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId('knowledge_folders')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('parent_id', 'bigint')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('projects').addColumn('main_image', 'text').execute();
      await db.schema
        .alterTable('projects')
        .addColumn('documents', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('user_groups').addColumn('project_id', 'bigint').execute();
      await db.schema
        .alterTable('users')
        .addColumn('notification_types', 'text', (c) => c.notNull().defaultTo('["web"]'))
        .execute();
    },
  };
}
