/**
 * The nodes of project trees (table `nodes`). Every read but two takes the project: nothing
 * reads across projects (findNodeAnywhere and nodeNames serve callers that check the project
 * of what they find). `attributes` stays text on the row (wide reads rarely need it): decode it
 * with nodeAttributes.
 */
import type { NodeAttributes } from '@eem/contract';
import { PATH_SEPARATOR } from '@eem/core';
import type { Insertable, Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { NodeTable } from '../../../db/schema.js';
import { deleteEnergyOfNode } from '../../metering/repo/meters.js';
import { revokeNodeGrants } from '../../users/repo/grants.js';

export type NodeRow = Selectable<NodeTable>;

/** The attributes column of a node as field values (checked: bad JSON fails loudly). */
export function nodeAttributes(row: Pick<NodeRow, 'id' | 'attributes'>): NodeAttributes {
  return JSON_COLUMNS.nodeAttributes.read(row.attributes, row.id);
}

/** Field values as the attributes column stores them: the non-empty ones. */
export function attributesText(values: NodeAttributes): string {
  const isEmpty = (value: NodeAttributes[string] | undefined) => value === null || value === '';
  // Most values (every imported row) have nothing to drop: written as they are, without a copy.
  if (!Object.values(values).some(isEmpty)) return JSON_COLUMNS.nodeAttributes.write(values);
  const kept: NodeAttributes = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isEmpty(value)) kept[key] = value;
  }
  return JSON_COLUMNS.nodeAttributes.write(kept);
}

/** Every node of a project, in tree order of siblings (sort, then id). */
export function projectNodes(db: Db, projectId: number): Promise<NodeRow[]> {
  return db
    .selectFrom('nodes')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The tree of a project without fields: id, parent, type and name of every node. */
export function nodeSkeleton(db: Db, projectId: number) {
  return db
    .selectFrom('nodes')
    .select(['id', 'parent_id', 'model_label', 'name'])
    .where('project_id', '=', projectId)
    .execute();
}

export function findNode(db: Db, projectId: number, id: number): Promise<NodeRow | undefined> {
  return db
    .selectFrom('nodes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A node by id in whatever project it is (the caller then checks the project). */
export function findNodeAnywhere(db: Db, id: number): Promise<NodeRow | undefined> {
  return db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Name, type and project of nodes by id, in whatever project they are. */
export function nodeNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('nodes')
    .select(['id', 'model_label', 'name', 'project_id'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The ids among `ids` of nodes of the project (of that type, when one is given). */
export async function existingNodeIds(
  db: Db,
  projectId: number,
  ids: readonly number[],
  modelLabel?: string,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let query = db.selectFrom('nodes').select('id').where('project_id', '=', projectId);
  if (modelLabel !== undefined) query = query.where('model_label', '=', modelLabel);
  const rows = await query.where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The projects the nodes are in. */
export async function projectIdsOfNodes(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('nodes')
    .select('project_id')
    .distinct()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.project_id);
}

/**
 * Nodes of some types in a project (all of them, or those of `ids`), in the database's order
 * (no ORDER BY: the points made for them are numbered in this order).
 */
export function nodesOfTypes(
  db: Db,
  projectId: number,
  labels: readonly string[],
  ids?: readonly number[],
): Promise<NodeRow[]> {
  let query = db
    .selectFrom('nodes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('model_label', 'in', labels.length ? [...labels] : ['']);
  if (ids) query = query.where('id', 'in', ids.length ? [...ids] : [0]);
  return query.execute();
}

/** The child of a parent (0: the project) with this name, other than `exceptId`. */
export function namedChild(
  db: Db,
  projectId: number,
  parentId: number,
  name: string,
  exceptId = 0,
): Promise<NodeRow | undefined> {
  return db
    .selectFrom('nodes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('parent_id', '=', parentId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

/** The sort value after every node of the project: new and moved nodes go last among siblings. */
export async function nextSort(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('nodes')
    .select((eb) => eb.fn.max('sort').as('max'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function childCount(db: Db, projectId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('parent_id', '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The node, its parent, its children and its siblings (with the parent's id): ids in the project. */
export async function neighbourIds(db: Db, projectId: number, nodeId: number): Promise<number[]> {
  const node = await db
    .selectFrom('nodes')
    .select(['id', 'parent_id'])
    .where('id', '=', nodeId)
    .executeTakeFirst();
  const parentId = node?.parent_id ?? 0;
  const neighbours = await db
    .selectFrom('nodes')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) =>
      eb.or([
        eb('parent_id', '=', nodeId),
        ...(parentId !== 0 ? [eb('parent_id', '=', parentId), eb('id', '=', parentId)] : []),
      ]),
    )
    .execute();
  return [nodeId, ...neighbours.map((n) => n.id)];
}

export function insertNode(db: Db, values: Insertable<NodeTable>): Promise<NodeRow> {
  return db.insertInto('nodes').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Renames a node, moves it or sets its attributes (text from attributesText). */
export function updateNode(
  db: Db,
  projectId: number,
  id: number,
  set: { name?: string; attributes?: string; parent_id?: number; sort?: number; updated_at: number },
): Promise<NodeRow> {
  return db
    .updateTable('nodes')
    .set(set)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a node that has no children (a child added since the caller's check keeps it) with
 * its topology links and every user's grant of it, in one transaction. Answers the number of
 * grants taken, or null when the node had children.
 */
export async function deleteLeafNode(db: Db, node: Pick<NodeRow, 'id' | 'project_id' | 'model_label'>) {
  return inTransaction(db, async (trx) => {
    const deleted = await trx
      .deleteFrom('nodes')
      .where('project_id', '=', node.project_id)
      .where('id', '=', node.id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('nodes as child')
              .select('child.id')
              .where('child.project_id', '=', node.project_id)
              .where('child.parent_id', '=', node.id),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return null;
    await trx
      .deleteFrom('node_links')
      .where('project_id', '=', node.project_id)
      .where((eb) => eb.or([eb('from_id', '=', node.id), eb('to_id', '=', node.id)]))
      .execute();
    await deleteEnergyOfNode(trx, node.project_id, node.id);
    return revokeNodeGrants(trx, node.model_label, node.id);
  });
}

/** Whether the project has a node yet. */
export async function hasNodes(db: Db, projectId: number): Promise<boolean> {
  return (
    (await db.selectFrom('nodes').select('id').where('project_id', '=', projectId).executeTakeFirst()) !==
    undefined
  );
}

/**
 * The paths (names from the project down) of some nodes: their ancestors read level by level, so
 * a page of orders reads a few dozen nodes, not the project's whole tree.
 */
export async function nodePaths(
  db: Db,
  projectId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const nodes = new Map<number, { parent: number; name: string }>();
  let wanted = [...new Set(ids)];
  for (let depth = 0; wanted.length > 0 && depth < 64; depth++) {
    const rows = await db
      .selectFrom('nodes')
      .select(['id', 'parent_id', 'name'])
      .where('project_id', '=', projectId)
      .where('id', 'in', wanted)
      .execute();
    for (const r of rows) nodes.set(r.id, { parent: r.parent_id, name: r.name });
    wanted = [...new Set(rows.map((r) => r.parent_id))].filter((id) => id !== 0 && !nodes.has(id));
  }
  const paths = new Map<number, string>();
  for (const id of new Set(ids)) {
    const names: string[] = [];
    for (let at = nodes.get(id), n = 0; at && n < 64; at = nodes.get(at.parent), n++) names.unshift(at.name);
    if (names.length > 0) paths.set(id, names.join(PATH_SEPARATOR));
  }
  return paths;
}
