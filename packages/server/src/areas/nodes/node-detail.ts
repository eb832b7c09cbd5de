/** nodeData and updateNode for nodes below the project (the project profile is the projects area's). */
import type { NodeAttributes, NodeItem } from '@eem/contract';
import { nodeType, text } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { nodeObject, recordOperation } from '../logs/record-operation.js';
import { duplicateName, existingNode, uniqueName } from './manage-node.js';
import { nodeItem } from './node-items.js';
import { attributesText, namedChild, nodeAttributes, updateNode as updateNodeRow } from './repo/nodes.js';

export interface NodeEdit {
  id: number;
  modelLabel: string;
  name?: string | undefined;
  attributes: NodeAttributes;
}

export async function readNode(ctx: RequestContext, id: number, modelLabel: string): Promise<NodeItem> {
  if (!nodeType(modelLabel))
    throw ApiError.at('body.modelLabel', `${modelLabel} is not project or a node type`);
  const project = await currentProject(ctx);
  const node = await existingNode(ctx, project, { id, modelLabel }, 'body');
  return nodeItem(ctx.services.db, node);
}

export async function updateNode(ctx: RequestContext, edit: NodeEdit): Promise<NodeItem> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const node = await existingNode(ctx, project, edit, 'body');
  const name = edit.name ?? node.name;
  if (name !== node.name && (await namedChild(db, project.id, node.parent_id, name, node.id)))
    throw duplicateName('body.name');
  const attributes = { ...nodeAttributes(node), ...edit.attributes };
  const row = await uniqueName('body.name', () =>
    updateNodeRow(db, project.id, node.id, {
      name,
      attributes: attributesText(attributes),
      updated_at: ctx.services.clock(),
    }),
  );
  const changed = [...(name !== node.name ? ['name'] : []), ...Object.keys(edit.attributes)];
  await recordOperation(ctx, {
    operation: 'edit',
    object: nodeObject(node.model_label, name),
    description: text('oplog.fieldsChanged', { count: changed.length }),
    projectId: project.id,
  });
  return nodeItem(db, row);
}
