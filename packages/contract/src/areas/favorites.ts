/**
 * Favourite nodes (screens.md §1 NodeTreePicker, §3.2): the star on the node trees, per user
 * and project.
 */
import { NAME_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id } from '../schemas.js';

const modelLabel = z
  .string({ error: 'modelLabel is required' })
  .trim()
  .min(1, { error: 'modelLabel is required' })
  .max(NAME_LIMITS.name, { error: `modelLabel: at most ${NAME_LIMITS.name} characters` });

export const favoriteNode = z.object({
  nodeId: z.number().int(),
  modelLabel: z.string(),
  name: z.string(),
  /** Names below the project down to the node, joined by ' / '. */
  path: z.string(),
  createdAt: epochMs,
});
export type FavoriteNode = z.output<typeof favoriteNode>;

export const favorites = {
  list: defineEndpoint({
    id: 'favorites.list',
    method: 'POST',
    path: '/eem-service/v1/favorites-node/query',
    summary:
      "The user's favourite nodes in the current project, newest first; of some node types when given (chosen).",
    body: z.object({
      modelLabels: z.array(modelLabel).max(20, { error: 'modelLabels: at most 20' }).optional(),
    }),
    data: z.array(favoriteNode),
    permission: 'session',
  }),
  add: defineEndpoint({
    id: 'favorites.add',
    method: 'POST',
    path: '/eem-service/v1/favorites-node',
    summary: 'Star a node of the current project the user may see (again: nothing changes) (chosen).',
    body: z.object({ nodeId: id, modelLabel }),
    data: favoriteNode,
    permission: 'session',
  }),
  remove: defineEndpoint({
    id: 'favorites.remove',
    method: 'DELETE',
    path: '/eem-service/v1/favorites-node',
    summary: 'Unstar a node (not starred: nothing changes) (chosen).',
    query: z.object({ nodeId: id, modelLabel: modelLabel.optional() }),
    data: z.null(),
    permission: 'session',
  }),
} as const;
