/** Favourite nodes (favorite_nodes) of a user in a project. */
import type { Db } from '../../../db/database.js';

/** The user's stars in a project with their nodes (stars of deleted nodes left out), newest first. */
export function favoriteRows(db: Db, projectId: number, userId: number) {
  return db
    .selectFrom('favorite_nodes as f')
    .innerJoin('nodes as n', 'n.id', 'f.node_id')
    .select([
      'f.node_id as nodeId',
      'n.model_label as modelLabel',
      'n.name as name',
      'f.created_at as createdAt',
    ])
    .where('f.project_id', '=', projectId)
    .where('f.user_id', '=', userId)
    .where('n.project_id', '=', projectId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.node_id')
    .execute();
}

export async function favoriteCount(db: Db, projectId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('favorite_nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stars a node (a star that exists stays as it is). */
export async function addFavorite(
  db: Db,
  values: { project_id: number; user_id: number; node_id: number; model_label: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('favorite_nodes')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeFavorite(
  db: Db,
  projectId: number,
  userId: number,
  nodeId: number,
): Promise<void> {
  await db
    .deleteFrom('favorite_nodes')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('node_id', '=', nodeId)
    .execute();
}
