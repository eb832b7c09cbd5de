/** The range and count of points done of each recalculation task, for the state panel. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { RecalculationTable } from '../../../db/schema.js';

export async function insertRecalculation(db: Db, values: Insertable<RecalculationTable>): Promise<void> {
  await db.insertInto('recalculations').values(values).execute();
}

export async function recalculationDone(db: Db, taskId: number, done: number): Promise<void> {
  await db.updateTable('recalculations').set({ done }).where('task_id', '=', taskId).execute();
}

/** The project's newest recalculation. */
export function latestRecalculation(
  db: Db,
  projectId: number,
): Promise<Selectable<RecalculationTable> | undefined> {
  return db
    .selectFrom('recalculations')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('task_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
