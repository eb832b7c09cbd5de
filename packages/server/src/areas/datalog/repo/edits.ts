/** The audit of changed readings (datalog_edits): old and new value, who, when, why. */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { DatalogEditTable } from '../../../db/schema.js';

export async function insertEdit(db: Db, values: Insertable<DatalogEditTable>): Promise<void> {
  await db.insertInto('datalog_edits').values(values).execute();
}

/** A project's edits (of one point), newest first, paged, with node, quantity and user names. */
export async function editPage(
  db: Db,
  query: { projectId: number; tenantId: number; pointId?: number | undefined; limit: number; offset: number },
) {
  let base = db
    .selectFrom('datalog_edits as e')
    .innerJoin('datalog_points as p', 'p.id', 'e.point_id')
    .innerJoin('nodes as n', 'n.id', 'p.node_id')
    .leftJoin('physical_quantities as q', (join) =>
      join.onRef('q.data_id', '=', 'p.data_id').on('q.tenant_id', '=', query.tenantId),
    )
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .where('e.project_id', '=', query.projectId);
  if (query.pointId !== undefined) base = base.where('e.point_id', '=', query.pointId);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select([
      'e.id',
      'e.point_id',
      'e.ts',
      'e.old_value',
      'e.new_value',
      'e.user_id',
      'e.source',
      'e.reason',
      'e.changed_at',
      'n.name as node_name',
      'q.name as point_name',
      'u.name as user_name',
    ])
    .orderBy('e.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}
