import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The column types that differ between the dialects, and a new table with its generated id
 * (bigserial on PostgreSQL, an autoincrement integer on SQLite). Shared by the migrations from
 * 0005 on; a type here never changes (an old migration must build the same table).
 */
export function dialectTypes(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    real: dialect === 'postgres' ? 'double precision' : 'real',
    tableWithId: (db: Kysely<unknown>, table: string) =>
      db.schema
        .createTable(table)
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        ),
  } as const;
}
