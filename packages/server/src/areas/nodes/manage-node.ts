/**
 * manageNode: add a node under a parent, move it under another, or delete it. The parent must
 * be the current project or one of its nodes and may hold the type (core canHold); a name is
 * unique under its parent (also a unique index); a node with children is not deleted; a move
 * under the node itself or its descendants is refused. Every write is in the operation log.
 */
import type { catalogue, EndpointParsedInput, NodeItem, Project } from '@eem/contract';
import { canHold, cannotHoldMessage, NODE_MESSAGES, text } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { isUniqueViolation } from '../../db/portable.js';
import { ApiError } from '../../http/api-error.js';
import { nodeObject, recordOperation } from '../logs/record-operation.js';
import { ancestors, nodeItem } from './node-items.js';
import { resolveParent } from './node-parent.js';
import {
  attributesText,
  childCount,
  deleteLeafNode,
  findNode,
  insertNode,
  type NodeRow,
  namedChild,
  nextSort,
  updateNode,
} from './repo/nodes.js';

type ManageBody = EndpointParsedInput<typeof catalogue.nodes.manageNode>['body'];
type AddBody = Extract<ManageBody, { op: 'add' }>;
type MoveBody = Extract<ManageBody, { op: 'move' }>;
type DeleteBody = Extract<ManageBody, { op: 'delete' }>;

export const duplicateName = (where: string) => ApiError.conflict(`${where}: ${NODE_MESSAGES.duplicateName}`);

/** Runs a write; a unique violation (a twin written at the same time) is the duplicate-name refusal. */
export async function uniqueName<T>(where: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(where);
    throw error;
  }
}

/** The node of the current project with this id and model label, or a not-found refusal. */
export async function existingNode(
  ctx: RequestContext,
  project: Project,
  ref: { id: number; modelLabel: string },
  where = 'body.node',
): Promise<NodeRow> {
  const node = await findNode(ctx.services.db, project.id, ref.id);
  if (!node || node.model_label !== ref.modelLabel)
    throw ApiError.notFound(
      `${where}: ${ref.modelLabel} ${ref.id} does not exist in project ${project.name}`,
    );
  return node;
}

async function add(ctx: RequestContext, project: Project, body: AddBody): Promise<NodeItem> {
  const db = ctx.services.db;
  const parent = await resolveParent(db, project, body.parent);
  const { node } = body;
  if (!canHold(parent.modelLabel, node.modelLabel))
    throw ApiError.at('body.node.modelLabel', `${cannotHoldMessage(parent.modelLabel, node.modelLabel)}`);
  if (await namedChild(db, project.id, parent.id, node.name)) throw duplicateName('body.node.name');
  const now = ctx.services.clock();
  const sort = await nextSort(db, project.id);
  const row = await uniqueName('body.node.name', () =>
    insertNode(db, {
      project_id: project.id,
      parent_id: parent.id,
      model_label: node.modelLabel,
      name: node.name,
      attributes: attributesText(node.attributes),
      sort,
      created_at: now,
      updated_at: now,
    }),
  );
  await recordOperation(ctx, {
    operation: 'add',
    object: nodeObject(node.modelLabel, node.name),
    description: text('oplog.under', { parent: nodeObject(parent.modelLabel, parent.name) }),
    projectId: project.id,
  });
  return nodeItem(db, row);
}

async function remove(ctx: RequestContext, project: Project, body: DeleteBody): Promise<null> {
  const node = await existingNode(ctx, project, body.node);
  if ((await childCount(ctx.services.db, project.id, node.id)) > 0)
    throw ApiError.conflict(NODE_MESSAGES.hasChildren);
  const grants = await deleteLeafNode(ctx.services.db, node);
  if (grants === null) throw ApiError.conflict(NODE_MESSAGES.hasChildren);
  if (grants > 0) ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'delete',
    object: nodeObject(node.model_label, node.name),
    projectId: project.id,
  });
  return null;
}

async function move(ctx: RequestContext, project: Project, body: MoveBody): Promise<NodeItem> {
  const db = ctx.services.db;
  const node = await existingNode(ctx, project, body.node);
  const parent = await resolveParent(db, project, body.parent);
  if (!canHold(parent.modelLabel, node.model_label))
    throw ApiError.at('body.parent', `${cannotHoldMessage(parent.modelLabel, node.model_label)}`);
  if (parent.id !== 0) {
    const target = await findNode(db, project.id, parent.id);
    const chain = target ? [...(await ancestors(db, project.id, target)), target] : [];
    if (chain.some((n) => n.id === node.id))
      throw ApiError.at('body.parent', 'a node cannot be moved under itself or one of its descendants');
  }
  if (parent.id === node.parent_id) return nodeItem(db, node);
  if (await namedChild(db, project.id, parent.id, node.name, node.id)) throw duplicateName('body.node');
  const sort = await nextSort(db, project.id);
  const row = await uniqueName('body.node', () =>
    updateNode(db, project.id, node.id, { parent_id: parent.id, sort, updated_at: ctx.services.clock() }),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: nodeObject(node.model_label, node.name),
    description: text('oplog.movedUnder', { parent: nodeObject(parent.modelLabel, parent.name) }),
    projectId: project.id,
  });
  return nodeItem(db, row);
}

export async function manageNode(ctx: RequestContext, body: ManageBody): Promise<NodeItem | null> {
  const project = await currentProject(ctx);
  switch (body.op) {
    case 'add':
      return add(ctx, project, body);
    case 'delete':
      return remove(ctx, project, body);
    case 'move':
      return move(ctx, project, body);
  }
}
