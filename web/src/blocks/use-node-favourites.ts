/**
 * The user's favourite nodes of the current project as a NodeTreePicker's FavouriteSource
 * (favorites.list / add / remove): a star on every node but the project root; a refused star
 * says why.
 */
import { Toast } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { errorMessage } from '../app/query-client';
import { useEndpointMutation, useEndpointQuery } from './data';
import type { FavouriteSource } from './NodeTreePicker';
import type { NodeRef, TreeNodeLike } from './node-tree-model';

const FAVOURITES = endpointKey('favorites', 'list');

const refused = (error: unknown) => Toast.error(errorMessage(error));

/** The user's starred nodes of the project (favorites.list / add / remove). */
export function useNodeFavourites(): FavouriteSource {
  const list = useEndpointQuery(FAVOURITES, { body: {} });
  // A write refreshes its area: the list.
  const add = useEndpointMutation(endpointKey('favorites', 'add'));
  const remove = useEndpointMutation(endpointKey('favorites', 'remove'));
  const { mutateAsync: adding } = add;
  const { mutateAsync: removing } = remove;
  return useMemo(
    () => ({
      nodes: (list.data ?? []).map((f) => ({ id: f.nodeId, modelLabel: f.modelLabel, name: f.name })),
      loading: list.isPending,
      add: (node: NodeRef) =>
        adding({ body: { nodeId: node.id, modelLabel: node.modelLabel } }).catch(refused),
      remove: (node: NodeRef) =>
        removing({ query: { nodeId: node.id, modelLabel: node.modelLabel } }).catch(refused),
      // The project is the tree's root, not a node to star.
      starrable: (node: TreeNodeLike) => node.modelLabel !== 'project',
    }),
    [list.data, list.isPending, adding, removing],
  );
}
