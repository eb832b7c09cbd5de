/** The favorites area: the star on the node trees, per user and project. */
import type { catalogue, FavoriteNode } from '@eem/contract';
import { ENERGY_LIMITS, ENERGY_MESSAGES, ruleText } from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { nodePaths } from '../datalog/point-store.js';
import { findNode, nodeSkeleton } from '../nodes/repo/nodes.js';
import { visibleNodes } from '../nodes/tree-access.js';
import { addFavorite, favoriteCount, favoriteRows, removeFavorite } from './repo/favorites.js';

async function list(ctx: RequestContext, modelLabels?: readonly string[]): Promise<FavoriteNode[]> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const rows = await favoriteRows(db, project.id, user.id);
  const visible = visibleNodes(user, project, await nodeSkeleton(db, project.id));
  const paths = await nodePaths(db, project.id);
  const labels = modelLabels && modelLabels.length > 0 ? new Set(modelLabels) : null;
  return rows
    .filter((r) => (visible === null || visible.has(r.nodeId)) && (!labels || labels.has(r.modelLabel)))
    .map((r) => ({ ...r, path: paths.get(r.nodeId) ?? r.name }));
}

export const favoritesHandlers: AreaHandlers<typeof catalogue.favorites> = {
  list: ({ body }, ctx) => list(ctx, body.modelLabels),
  async add({ body }, ctx) {
    const user = requireUser(ctx);
    const project = await currentProject(ctx);
    const { db } = ctx.services;
    const node = await findNode(db, project.id, body.nodeId);
    if (!node) throw ApiError.at('body.nodeId', ENERGY_MESSAGES.unknownNode(body.nodeId));
    if (node.model_label !== body.modelLabel)
      throw ApiError.at(
        'body.modelLabel',
        `node ${node.id} is a ${node.model_label}, not a ${body.modelLabel}`,
      );
    const visible = visibleNodes(user, project, await nodeSkeleton(db, project.id));
    if (visible !== null && !visible.has(node.id))
      throw ApiError.permission(`body.nodeId: ${ruleText(ENERGY_MESSAGES.hiddenNode(node.name))}`);
    const existing = (await favoriteRows(db, project.id, user.id)).find((r) => r.nodeId === node.id);
    if (!existing && (await favoriteCount(db, project.id, user.id)) >= ENERGY_LIMITS.favorites)
      throw ApiError.validation(
        `at most ${ENERGY_LIMITS.favorites} favourite nodes in a project; unstar some first`,
      );
    await addFavorite(db, {
      project_id: project.id,
      user_id: user.id,
      node_id: node.id,
      model_label: node.model_label,
      created_at: ctx.services.clock(),
    });
    const star = (await list(ctx)).find((f) => f.nodeId === node.id);
    if (!star) throw ApiError.notFound(`node ${node.id} is not starred`);
    return star;
  },
  async remove({ query }, ctx) {
    const user = requireUser(ctx);
    const project = await currentProject(ctx);
    await removeFavorite(ctx.services.db, project.id, user.id, query.nodeId);
    return null;
  },
};
