/** The four tree calls: full or simple, all nodes or those the user may see (withAuth). */
import type { catalogue, EndpointParsedInput, NodeTreeItem } from '@eem/contract';
import { currentProject, enterableProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { findNode, findNodeAnywhere, nodeAttributes, projectNodes } from './repo/nodes.js';
import { visibleNodes } from './tree-access.js';
import { buildTree, checkConditions, type TreeRoot } from './tree-builder.js';

type TreeBody = EndpointParsedInput<typeof catalogue.nodes.nodeTree>['body'];

async function rootOf(ctx: RequestContext, body: TreeBody) {
  const db = ctx.services.db;
  if (body.rootLabel === 'project') {
    const project = await enterableProject(ctx, body.rootID);
    const root: TreeRoot = {
      id: project.id,
      modelLabel: 'project',
      name: project.name,
      fields: { code: project.code },
      childrenOf: 0,
    };
    return { project, root };
  }
  const node =
    ctx.projectId === null
      ? await findNodeAnywhere(db, body.rootID)
      : await findNode(db, (await currentProject(ctx)).id, body.rootID);
  if (!node || node.model_label !== body.rootLabel)
    throw ApiError.notFound(`body.rootID: ${body.rootLabel} ${body.rootID} does not exist in this project`);
  const project = await enterableProject(ctx, node.project_id);
  const root: TreeRoot = {
    id: node.id,
    modelLabel: node.model_label,
    name: node.name,
    fields: nodeAttributes(node),
    childrenOf: node.id,
  };
  return { project, root };
}

export async function nodeTree(
  ctx: RequestContext,
  body: TreeBody,
  options: { simple: boolean; withAuth: boolean },
): Promise<NodeTreeItem[]> {
  const user = requireUser(ctx);
  if (body.subLayerConditions) checkConditions(body.subLayerConditions);
  const { project, root } = await rootOf(ctx, body);
  const rows = await projectNodes(ctx.services.db, project.id);
  const visible = options.withAuth ? visibleNodes(user, project, rows) : null;
  if (visible && root.modelLabel !== 'project' && !visible.has(root.id)) return [];
  return buildTree(root, rows, {
    conditions: body.subLayerConditions,
    depth: body.depth,
    flat: !body.treeReturnEnable,
    simple: options.simple,
    visible: visible ?? undefined,
  });
}
