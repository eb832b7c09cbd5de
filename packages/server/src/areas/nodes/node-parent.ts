/** Resolves the parent named in a write: the current project itself or one of its nodes. */
import type { Project } from '@eem/contract';
import type { Db } from '../../db/database.js';
import { ApiError, type RequestPath } from '../../http/api-error.js';
import { findNode } from './repo/nodes.js';

export interface ParentRef {
  id: number;
  modelLabel: string;
}

export interface ResolvedParent {
  /** The parent_id of its children: 0 for the project. */
  id: number;
  modelLabel: string;
  name: string;
}

export async function resolveParent(
  db: Db,
  project: Project,
  ref: ParentRef,
  where: RequestPath = 'body.parent',
): Promise<ResolvedParent> {
  if (ref.modelLabel === 'project') {
    if (ref.id !== project.id)
      throw ApiError.at(`${where}.id`, `the parent project must be the current project (${project.id})`);
    return { id: 0, modelLabel: 'project', name: project.name };
  }
  const node = await findNode(db, project.id, ref.id);
  if (!node || node.model_label !== ref.modelLabel)
    throw ApiError.at(where, `${ref.modelLabel} ${ref.id} does not exist in project ${project.name}`);
  return { id: node.id, modelLabel: node.model_label, name: node.name };
}
