import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The problems of a node import as data (nodes.importProblems), kept with its error report in
 * import_reports: a JSON text `{rows, total, problems: [{sheet, row, messages}], truncated}`.
 * Every ended import keeps a row from now on; `content` is empty when the import left no error
 * report (a successful or dry run, a file that could not be read). Rows of earlier imports
 * have no problems (null).
 */
export function importProblems(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('import_reports').addColumn('problems', 'text').execute();
    },
  };
}
