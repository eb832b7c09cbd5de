/** Loss objects and their consumer nodes (migration 0041). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { LossObjectTable } from '../../../db/schema.js';

export type LossObjectRow = Selectable<LossObjectTable> & { consumerIds: number[] };

async function withConsumers(db: Db, rows: Selectable<LossObjectTable>[]): Promise<LossObjectRow[]> {
  if (rows.length === 0) return [];
  const consumers = await db
    .selectFrom('loss_object_consumers')
    .select(['loss_object_id', 'node_id'])
    .where(
      'loss_object_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('loss_object_id')
    .orderBy('seq')
    .execute();
  const byObject = new Map<number, number[]>();
  for (const c of consumers) {
    const list = byObject.get(Number(c.loss_object_id));
    if (list) list.push(Number(c.node_id));
    else byObject.set(Number(c.loss_object_id), [Number(c.node_id)]);
  }
  return rows.map((r) => ({ ...r, consumerIds: byObject.get(Number(r.id)) ?? [] }));
}

/** The loss objects of a project (at most LOSS_LIMITS.objects), by name. */
export async function lossObjectsOf(db: Db, projectId: number): Promise<LossObjectRow[]> {
  const rows = await db
    .selectFrom('loss_objects')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return withConsumers(db, rows);
}

/** Every enabled loss object of every project (the warnings). */
export async function enabledLossObjects(db: Db): Promise<LossObjectRow[]> {
  const rows = await db
    .selectFrom('loss_objects')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
  return withConsumers(db, rows);
}

export async function lossObjectById(
  db: Db,
  projectId: number,
  id: number,
): Promise<LossObjectRow | undefined> {
  const row = await db
    .selectFrom('loss_objects')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await withConsumers(db, [row]))[0] : undefined;
}

export async function lossObjectCount(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('loss_objects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

type Fields = Omit<Insertable<LossObjectTable>, 'id' | 'project_id' | 'created_at'>;

/** Adds (id undefined) or replaces a loss object with its consumers; its id. */
export async function writeLossObject(
  db: Db,
  projectId: number,
  id: number | undefined,
  fields: Fields,
  consumerIds: readonly number[],
  now: number,
): Promise<number> {
  let objectId: number;
  if (id === undefined) {
    const inserted = await db
      .insertInto('loss_objects')
      .values({ ...fields, project_id: projectId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    objectId = Number(inserted.id);
  } else {
    await db
      .updateTable('loss_objects')
      .set(fields)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('loss_object_consumers').where('loss_object_id', '=', id).execute();
    objectId = id;
  }
  if (consumerIds.length > 0)
    await db
      .insertInto('loss_object_consumers')
      .values(
        consumerIds.map((nodeId, seq) => ({
          loss_object_id: objectId,
          project_id: projectId,
          seq,
          node_id: nodeId,
        })),
      )
      .execute();
  return objectId;
}

export async function deleteLossObjects(db: Db, projectId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('loss_object_consumers')
    .where('project_id', '=', projectId)
    .where('loss_object_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('loss_objects')
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .execute();
}
