/** A node as the calls answer it (NodeItem): its fields, parent, path and number of children. */
import type { NodeItem } from '@eem/contract';
import { PATH_SEPARATOR } from '@eem/core';
import type { Db } from '../../db/database.js';
import { childCount, findNode, type NodeRow, nodeAttributes } from './repo/nodes.js';

/** The ancestors of a node, from the project's child down to its parent. */
export async function ancestors(db: Db, projectId: number, row: NodeRow): Promise<NodeRow[]> {
  const out: NodeRow[] = [];
  const seen = new Set([row.id]);
  let parentId = row.parent_id;
  while (parentId !== 0 && !seen.has(parentId)) {
    seen.add(parentId);
    const parent = await findNode(db, projectId, parentId);
    if (!parent) break;
    out.unshift(parent);
    parentId = parent.parent_id;
  }
  return out;
}

export async function nodeItem(db: Db, row: NodeRow): Promise<NodeItem> {
  const above = await ancestors(db, row.project_id, row);
  const parent = above.at(-1);
  return {
    ...nodeAttributes(row),
    id: row.id,
    modelLabel: row.model_label,
    name: row.name,
    projectId: row.project_id,
    parentId: row.parent_id,
    parentLabel: parent?.model_label ?? 'project',
    path: above.map((a) => a.name).join(PATH_SEPARATOR),
    childCount: await childCount(db, row.project_id, row.id),
    updatedAt: row.updated_at,
  };
}
