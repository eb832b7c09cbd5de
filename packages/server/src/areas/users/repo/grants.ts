/**
 * Node grants of users (user_nodes: model nodes under their model label, graph and report
 * nodes under `graph:` and `pecstar:`, cameras and knowledge folders under `video:camera` and
 * `doc:folder`) and the cameras and knowledge folders of projects they name.
 */
import type { Insertable, Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import type { CameraTable, KnowledgeFolderTable } from '../../../db/schema.js';

export interface NodeGrant {
  model_label: string;
  node_id: number;
}

/** A user's grants, by label and id; `labels` narrows to those labels. */
export function grantsOf(db: Db, userId: number, labels?: readonly string[]): Promise<NodeGrant[]> {
  let q = db.selectFrom('user_nodes').select(['model_label', 'node_id']).where('user_id', '=', userId);
  if (labels) q = q.where('model_label', 'in', labels.length ? [...labels] : ['']);
  return q.orderBy('model_label').orderBy('node_id').execute();
}

/** Grants nodes to a user (those held already are kept). */
export async function grantNodes(db: Db, userId: number, grants: readonly NodeGrant[]): Promise<void> {
  for (const g of grants)
    await db
      .insertInto('user_nodes')
      .values({ user_id: userId, model_label: g.model_label, node_id: g.node_id })
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** Takes grants from a user, in one transaction with `grant` of the new ones. */
export async function replaceGrants(
  db: Db,
  userId: number,
  revoke: readonly NodeGrant[],
  grant: readonly NodeGrant[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const g of revoke) {
      await trx
        .deleteFrom('user_nodes')
        .where('user_id', '=', userId)
        .where('model_label', '=', g.model_label)
        .where('node_id', '=', g.node_id)
        .execute();
    }
    await grantNodes(trx, userId, grant);
  });
}

/** Takes every grant of a node from every user (a deleted node); the number taken. */
export async function revokeNodeGrants(db: Db, modelLabel: string, nodeId: number): Promise<number> {
  const revoked = await db
    .deleteFrom('user_nodes')
    .where('model_label', '=', modelLabel)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  return Number(revoked.numDeletedRows);
}

export function camerasOf(db: Db, projectIds: readonly number[]): Promise<Selectable<CameraTable>[]> {
  return db
    .selectFrom('cameras')
    .selectAll()
    .where('project_id', 'in', projectIds.length ? [...projectIds] : [0])
    .orderBy('id')
    .execute();
}

export function foldersOf(
  db: Db,
  projectIds: readonly number[],
): Promise<Selectable<KnowledgeFolderTable>[]> {
  return db
    .selectFrom('knowledge_folders')
    .selectAll()
    .where('project_id', 'in', projectIds.length ? [...projectIds] : [0])
    .orderBy('id')
    .execute();
}

export async function insertCamera(db: Db, values: Insertable<CameraTable>): Promise<number> {
  return (await db.insertInto('cameras').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertFolder(db: Db, values: Insertable<KnowledgeFolderTable>): Promise<number> {
  return (await db.insertInto('knowledge_folders').values(values).returning('id').executeTakeFirstOrThrow())
    .id;
}
