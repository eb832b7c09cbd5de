/**
 * manageNode: add a node under a parent, move it under another, or delete it. The parent must
 * be the current project or one of its nodes and may hold the type (core canHold); a name is
 * unique under its parent (also a unique index); a node with children is not deleted; a move
 * under the node itself or its descendants is refused. Every write is in the operation log.
 */
import type { catalogue, EndpointParsedInput, NodeItem, Project } from '@eem/contract';
import { canHold, cannotHoldMessage, NODE_MESSAGES } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { isUniqueViolation } from '../../db/portable.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { attributesText } from './node-attributes.js';
import { resolveParent } from './node-parent.js';
import { currentProject } from './node-project.js';
import type { NodeRow } from './node-store.js';

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
  const node = await ctx.services.nodes.find(project.id, ref.id);
  if (!node || node.model_label !== ref.modelLabel)
    throw ApiError.notFound(
      `${where}: ${ref.modelLabel} ${ref.id} does not exist in project ${project.name}`,
    );
  return node;
}

async function add(ctx: RequestContext, project: Project, body: AddBody): Promise<NodeItem> {
  const store = ctx.services.nodes;
  const parent = await resolveParent(store, project, body.parent);
  const { node } = body;
  if (!canHold(parent.modelLabel, node.modelLabel))
    throw ApiError.validation(
      `body.node.modelLabel: ${cannotHoldMessage(parent.modelLabel, node.modelLabel)}`,
    );
  if (await store.named(project.id, parent.id, node.name)) throw duplicateName('body.node.name');
  const now = ctx.services.clock();
  const sort = await store.nextSort(project.id);
  const row = await uniqueName('body.node.name', () =>
    ctx.services.db
      .insertInto('nodes')
      .values({
        project_id: project.id,
        parent_id: parent.id,
        model_label: node.modelLabel,
        name: node.name,
        attributes: attributesText(node.attributes),
        sort,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await recordOperation(ctx, {
    operation: 'add',
    object: `${node.modelLabel} ${node.name}`,
    description: `under ${parent.modelLabel} ${parent.name}`,
    projectId: project.id,
  });
  return store.item(row);
}

async function remove(ctx: RequestContext, project: Project, body: DeleteBody): Promise<null> {
  const node = await existingNode(ctx, project, body.node);
  if ((await ctx.services.nodes.childCount(project.id, node.id)) > 0)
    throw ApiError.conflict(NODE_MESSAGES.hasChildren);
  const grants = await ctx.services.db.transaction().execute(async (trx) => {
    // Deleted only while it has no children (a child added since the check keeps it).
    const deleted = await trx
      .deleteFrom('nodes')
      .where('project_id', '=', project.id)
      .where('id', '=', node.id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('nodes as child')
              .select('child.id')
              .where('child.project_id', '=', project.id)
              .where('child.parent_id', '=', node.id),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return null;
    await trx
      .deleteFrom('node_links')
      .where('project_id', '=', project.id)
      .where((eb) => eb.or([eb('from_id', '=', node.id), eb('to_id', '=', node.id)]))
      .execute();
    const revoked = await trx
      .deleteFrom('user_nodes')
      .where('model_label', '=', node.model_label)
      .where('node_id', '=', node.id)
      .executeTakeFirst();
    return Number(revoked.numDeletedRows);
  });
  if (grants === null) throw ApiError.conflict(NODE_MESSAGES.hasChildren);
  if (grants > 0) ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'delete',
    object: `${node.model_label} ${node.name}`,
    projectId: project.id,
  });
  return null;
}

async function move(ctx: RequestContext, project: Project, body: MoveBody): Promise<NodeItem> {
  const store = ctx.services.nodes;
  const node = await existingNode(ctx, project, body.node);
  const parent = await resolveParent(store, project, body.parent);
  if (!canHold(parent.modelLabel, node.model_label))
    throw ApiError.validation(`body.parent: ${cannotHoldMessage(parent.modelLabel, node.model_label)}`);
  if (parent.id !== 0) {
    const target = await store.find(project.id, parent.id);
    const chain = target ? [...(await store.ancestors(project.id, target)), target] : [];
    if (chain.some((n) => n.id === node.id))
      throw ApiError.validation('body.parent: a node cannot be moved under itself or one of its descendants');
  }
  if (parent.id === node.parent_id) return store.item(node);
  if (await store.named(project.id, parent.id, node.name, node.id)) throw duplicateName('body.node');
  const sort = await store.nextSort(project.id);
  const row = await uniqueName('body.node', () =>
    ctx.services.db
      .updateTable('nodes')
      .set({ parent_id: parent.id, sort, updated_at: ctx.services.clock() })
      .where('project_id', '=', project.id)
      .where('id', '=', node.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: `${node.model_label} ${node.name}`,
    description: `moved under ${parent.modelLabel} ${parent.name}`,
    projectId: project.id,
  });
  return store.item(row);
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
