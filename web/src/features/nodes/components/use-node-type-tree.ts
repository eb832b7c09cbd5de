/**
 * The server's node-type tree (projects.nodeTreeLabels) for the node screens; it changes only
 * with a deployment, so it is read once per session.
 */
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../../app/client';
import type { NodeTypeShape } from './node-type-tree';

export interface NodeTypeTree {
  /** The tree once read; undefined while loading or when it could not be read. */
  tree: readonly NodeTypeShape[] | undefined;
  pending: boolean;
  error: unknown;
}

export function useNodeTypeTree(): NodeTypeTree {
  const queries = useQueries();
  const labels = useQuery({ ...queries.projects.nodeTreeLabels(), staleTime: Number.POSITIVE_INFINITY });
  return { tree: labels.data, pending: labels.isPending, error: labels.error };
}
