import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Texts stored as codes (issue 12, item 7; ADR 0025): beside each text the server writes, a
 * JSON column `{code, params}` of core's text catalogue, rendered when read in the reader's
 * language. Rows written before keep only their plain text, which they go on showing; new rows
 * keep the English rendering in the plain column too (exports, older servers, a code a reader
 * does not know).
 *
 * - `events`: `description_text`, `result_text` (a quick confirmation's result).
 * - `notices`: `description_text` (the content's description is rendered with it).
 * - `tasks`: `name_text`, `message_text`.
 * - `operation_logs`: `object_text`, `description_text`.
 */
export function storedTexts(_dialect: Dialect) {
  const columns: [table: string, column: string][] = [
    ['events', 'description_text'],
    ['events', 'result_text'],
    ['notices', 'description_text'],
    ['tasks', 'name_text'],
    ['tasks', 'message_text'],
    ['operation_logs', 'object_text'],
    ['operation_logs', 'description_text'],
  ];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [table, column] of columns)
        await db.schema.alterTable(table).addColumn(column, 'text').execute();
    },
  };
}
