import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Node trees (issue 5): the nodes of every project, the generated topology links and the
 * error reports of failed node imports.
 *
 * The error report (the uploaded workbook with an error column) is kept as bytes in the
 * database, not as a file under the data dir: several server instances on one PostgreSQL
 * database do not share a data dir, the report is written in the same place as its task (no
 * orphan files when a task row goes, one backup holds both), and a report is small (the upload
 * limit is 20 MB). Reports older than 30 days are removed when a new one is stored.
 */
export function nodes(dialect: Dialect) {
  type Db = Kysely<unknown>;
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const bytesType = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('nodes')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('project_id', 'bigint', (c) => c.notNull().references('projects.id'))
        // 0: a child of the project itself (the project is not a row of this table).
        .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('model_label', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON object of the type's fields (core NODE_TYPES), e.g. {"voltagelevel":12}.
        .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // Duplicate names under one parent are refused by the database too, even under races;
      // its prefix (project_id, parent_id) serves the tree reads and the child lookups.
      await db.schema
        .createIndex('nodes_project_parent_name')
        .on('nodes')
        .columns(['project_id', 'parent_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('nodes_project_label')
        .on('nodes')
        .columns(['project_id', 'model_label'])
        .execute();
      await db.schema
        .createTable('node_links')
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        // pipeline (operation type 1) or hierarchy (2 and 5).
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_id', 'bigint', (c) => c.notNull())
        .addColumn('to_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('node_links_pk', ['project_id', 'kind', 'from_id', 'to_id'])
        .execute();
      await db.schema
        .createIndex('node_links_to')
        .on('node_links')
        .columns(['project_id', 'to_id'])
        .execute();
      await db.schema
        .createTable('import_reports')
        .addColumn('task_id', 'bigint', (c) => c.primaryKey())
        .addColumn('project_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('content', bytesType, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('import_reports_created')
        .on('import_reports')
        .column('created_at')
        .execute();
    },
  };
}
