/**
 * The data-log calls of the trend and meter-entry screens as TanStack queries: the meter tree
 * (nodes that carry points, with pointCount), the points of chosen nodes, the server's point
 * limit (maxNodes) and readings.
 */
import type { DatalogPoint, TreeNode } from '@eem/contract';
import { DATALOG_LIMITS, type DatalogInterval, POINT_NODE_TYPES } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useQueries } from '../../../app/client';
import { flattenTree, type NodeRef } from '../../../blocks/node-tree-model';

export type MeterTreeScope = 'all' | 'electric' | 'network';

export function useMeterTree(scope: MeterTreeScope) {
  const queries = useQueries();
  return useQuery(queries.datalog.meterTree({ query: { scope } }));
}

/** The meter tree of every metered node, and of the pipe networks (the trees of the screens). */
export const useAllMeters = () => useMeterTree('all');
export const useNetworkMeters = () => useMeterTree('network');

/** Whether a tree node carries measurement points (a meter, device, pipe or pump with points). */
export function carriesPoints(node: { modelLabel: string }): boolean {
  if (!(POINT_NODE_TYPES as readonly string[]).includes(node.modelLabel)) return false;
  const count = (node as { pointCount?: unknown }).pointCount;
  return typeof count !== 'number' || count > 0;
}

/** The nodes of the tree that carry points, by id (point answers name nodes by id only). */
export function pointNodesById(tree: readonly TreeNode[]): Map<number, NodeRef> {
  const out = new Map<number, NodeRef>();
  for (const node of flattenTree(tree)) {
    if (carriesPoints(node) && !out.has(node.id))
      out.set(node.id, { id: node.id, modelLabel: node.modelLabel, name: node.name });
  }
  return out;
}

/** The points of the chosen nodes, in the order of the nodes. */
export function usePoints(nodes: readonly NodeRef[]) {
  const queries = useQueries();
  const body = { nodes: nodes.map(({ id, modelLabel }) => ({ id, modelLabel })) };
  const answer = useQuery({ ...queries.datalog.points({ body }), enabled: nodes.length > 0 });
  const points = useMemo<DatalogPoint[]>(() => {
    if (nodes.length === 0) return [];
    const order = new Map(nodes.map((n, i) => [n.id, i]));
    return [...(answer.data ?? [])].sort(
      (a, b) => (order.get(a.nodeId) ?? 0) - (order.get(b.nodeId) ?? 0) || a.dataId - b.dataId,
    );
  }, [answer.data, nodes]);
  return { points, loading: nodes.length > 0 && answer.isPending, error: answer.error };
}

/** The most points of one query, as the server says (the core default until it answers). */
export function useMaxNodes(): number {
  const queries = useQueries();
  const answer = useQuery({ ...queries.datalog.maxNodes(), staleTime: Number.POSITIVE_INFINITY });
  return answer.data ?? DATALOG_LIMITS.maxNodes;
}

export interface ReadingsRequest {
  pointIds: number[];
  startTime: number;
  endTime: number;
  interval: DatalogInterval;
}

/** Readings of points; no call while `request` is null (nothing chosen, or a refused span). */
export function useReadings(request: ReadingsRequest | null) {
  const queries = useQueries();
  const body: ReadingsRequest = request ?? { pointIds: [], startTime: 0, endTime: 1, interval: 'raw' };
  return useQuery({
    ...queries.datalog.query({ body }),
    enabled: request !== null && request.pointIds.length > 0,
    placeholderData: (previous) => previous,
  });
}
