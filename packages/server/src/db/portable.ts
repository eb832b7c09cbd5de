/**
 * Where SQLite and PostgreSQL answer the same statement differently, the code above the
 * database asks these helpers instead of the dialect (ADR 0009).
 */
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './schema.js';

/** Whether a number fits an `integer` column (32 bits); PostgreSQL refuses larger ones in a query. */
export function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -2_147_483_648 && value <= 2_147_483_647;
}

/**
 * Whether an error is a unique or primary-key violation: two requests writing the same key at
 * the same time (SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY from better-sqlite3, 23505 from pg).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Case-insensitive "contains"; %, _ and backslash in the text match literally (SQLite and PostgreSQL). */
export function contains(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * A read by a long list of ids, `size` ids a statement (both dialects bound a statement's
 * parameters): the rows of every chunk, in the order of the chunks.
 */
export async function inChunks<Id, Row>(
  ids: readonly Id[],
  read: (chunk: Id[]) => Promise<Row[]>,
  size = 500,
): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < ids.length; i += size)
    for (const row of await read(ids.slice(i, i + size))) out.push(row);
  return out;
}

/** How many rows a query matches (PostgreSQL answers a count as text, SQLite as a number). */
export async function countOf<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, object>,
): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
