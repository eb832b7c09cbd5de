/**
 * System settings (table `settings`): one JSON value per key. Each reader names the schema
 * of its key; a missing key reads as the fallback, a stored value the schema refuses fails
 * loudly (JsonColumnError), as every JSON column does.
 */
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { jsonColumn } from '../../../db/json-column.js';

export async function readSetting<T, F = T>(
  db: Db,
  key: string,
  schema: z.ZodType<T>,
  fallback: F,
): Promise<T | F> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? jsonColumn('settings', 'value', schema).read(row.value, key) : fallback;
}

export async function writeSetting<T>(db: Db, key: string, value: T): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}

/** Stores a key with its value unless the key exists. */
export async function addSetting<T>(db: Db, key: string, value: T): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Sets a key's value only while it still holds `expected` (compare-and-set); whether it did. */
export async function replaceSetting<T>(db: Db, key: string, expected: T, value: T): Promise<boolean> {
  const result = await db
    .updateTable('settings')
    .set({ value: JSON.stringify(value) })
    .where('key', '=', key)
    .where('value', '=', JSON.stringify(expected))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
