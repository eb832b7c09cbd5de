import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Tenants, projects, roles, users, sessions, SSO grants, notices, tasks, settings. */
export function foundation(dialect: Dialect) {
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
      await withId('tenants')
        .addColumn('parent_id', 'bigint')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('hosting_end_time', 'bigint')
        .addColumn('hosted_projects', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId('projects')
        .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('level', 'text')
        .addColumn('company', 'text')
        .addColumn('address', 'text')
        .addColumn('longitude', 'double precision')
        .addColumn('latitude', 'double precision')
        .addColumn('area', 'double precision')
        .addColumn('people', 'integer')
        .addColumn('cooperation_deadline', 'bigint')
        .addColumn('operation_date', 'bigint')
        .addColumn('annual_output', 'double precision')
        .addColumn('description', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId('roles')
        .addColumn('tenant_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role_type', 'integer', (c) => c.notNull())
        .addColumn('duty_type', 'text', (c) => c.notNull())
        .addColumn('home_page', 'text')
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('mobile_permissions', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId('users')
        .addColumn('tenant_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('nic_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('mobile_phone', 'text', (c) => c.notNull())
        .addColumn('usertype', 'integer', (c) => c.notNull())
        .addColumn('role_id', 'bigint')
        .addColumn('is_root', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('password_expires_at', 'bigint')
        .addColumn('inspection_password_hash', 'text')
        .addColumn('failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('file_name', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_projects')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_projects_pk', ['user_id', 'project_id'])
        .execute();
      await db.schema
        .createTable('user_nodes')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('model_label', 'text', (c) => c.notNull())
        .addColumn('node_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_nodes_pk', ['user_id', 'model_label', 'node_id'])
        .execute();
      await withId('user_groups')
        .addColumn('tenant_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('group_type', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_group_members')
        .addColumn('group_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createTable('login_nonces')
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('timestamps', 'bigint', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_nonces_pk', ['user_name', 'timestamps'])
        .execute();
      await db.schema
        .createTable('sso_grants')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await withId('notices')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('project_id', 'bigint')
        .addColumn('log_type', 'integer', (c) => c.notNull())
        .addColumn('event_class', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notices_user_id').on('notices').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('notices_user_time')
        .on('notices')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('message_clients')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('registered_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId('tasks')
        .addColumn('project_id', 'bigint')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('operation_type', 'integer', (c) => c.notNull())
        .addColumn('log_type', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('ratio', 'double precision', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
