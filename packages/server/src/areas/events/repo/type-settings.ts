/** A project's stored attributes of event types (a type without a row has its defaults). */
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import type { EventTypeSettingTable } from '../../../db/schema.js';

export type TypeSettingRow = Selectable<EventTypeSettingTable>;

export function typeSettingRows(db: Db, projectId: number): Promise<TypeSettingRow[]> {
  return db.selectFrom('event_type_settings').selectAll().where('project_id', '=', projectId).execute();
}

/** Stores the settings of types of a project (one row each, replaced), in one transaction. */
export async function saveTypeSettingRows(
  db: Db,
  projectId: number,
  rows: readonly Omit<TypeSettingRow, 'project_id'>[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const { log_type, ...values } of rows) {
      await trx
        .insertInto('event_type_settings')
        .values({ project_id: projectId, log_type, ...values })
        .onConflict((oc) => oc.columns(['project_id', 'log_type']).doUpdateSet(values))
        .execute();
    }
  });
}
