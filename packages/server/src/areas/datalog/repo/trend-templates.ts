/** The trend screen's saved point sets, per project and user (`point_ids` is a JSON column). */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { TrendTemplateTable } from '../../../db/schema.js';

const { trendPointIds } = JSON_COLUMNS;

export type TrendTemplateRow = Omit<Selectable<TrendTemplateTable>, 'point_ids'> & { point_ids: number[] };

function decoded(row: Selectable<TrendTemplateTable>): TrendTemplateRow {
  return { ...row, point_ids: trendPointIds.read(row.point_ids, row.id) };
}

export async function templatesOf(db: Db, projectId: number, userId: number): Promise<TrendTemplateRow[]> {
  const rows = await db
    .selectFrom('trend_templates')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return rows.map(decoded);
}

/** Saves a template; one of the same name (project and user) is replaced. */
export async function saveTemplate(
  db: Db,
  template: {
    projectId: number;
    userId: number;
    name: string;
    pointIds: readonly number[];
    interval: string;
    now: number;
  },
): Promise<TrendTemplateRow> {
  const values = {
    project_id: template.projectId,
    user_id: template.userId,
    name: template.name,
    point_ids: trendPointIds.write([...template.pointIds]),
    interval: template.interval,
    created_at: template.now,
  };
  const row = await db
    .insertInto('trend_templates')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['project_id', 'user_id', 'name']).doUpdateSet({
        point_ids: values.point_ids,
        interval: values.interval,
        created_at: values.created_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

/** Deletes a template of the project and user; false when there is none. */
export async function deleteTemplate(
  db: Db,
  id: number,
  projectId: number,
  userId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('trend_templates')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
