import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { dialectTypes } from './table-with-id.js';

/**
 * The noisy neighbour (issue 11, item 4):
 * - `reading_import_rows`: the checked rows of a running reading import (null value: delete
 *   the reading), staged in short transactions so that the one SQLite connection is free
 *   between chunks; the import then applies them in one short transaction of set-based
 *   statements. Nobody reads them but their import: a crash leaves rows of a task that is no
 *   longer running, which the next import or start-up removes.
 */
export function readingImportRows(dialect: Dialect) {
  const { real } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema
        .createTable('reading_import_rows')
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('point_id', 'bigint', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('value', real)
        .addPrimaryKeyConstraint('reading_import_rows_pk', ['task_id', 'point_id', 'ts']);
      await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
    },
  };
}
