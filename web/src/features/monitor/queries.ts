/**
 * Data of the real-time monitor: the graph tree, the chosen graph, its live values polled every
 * REALTIME_POLL_MS, an element's last hour of readings, and remote control. A refused graph
 * query (403 included) stays on the screen as a message: it never ends the session.
 */
import { type Graph, REALTIME_POLL_MS } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMutations, useQueries } from '../../app/client';
import { realtimeBody } from './components/live-values';

export const TREND_SPAN_MS = 3_600_000;

export function useGraphTree(enabled: boolean) {
  const queries = useQueries();
  return useQuery({ ...queries.monitor.graphTree(), enabled });
}

export function useGraph(graphId: number | null) {
  const queries = useQueries();
  return useQuery({
    ...queries.monitor.graph({ params: { graphId: graphId ?? 0 } }),
    enabled: graphId !== null,
  });
}

/** The live values and breaker states of a graph, every 5 s while the screen is shown. */
export function useRealtime(graph: Graph | undefined) {
  const queries = useQueries();
  const body = useMemo(() => (graph ? realtimeBody(graph) : { pointIds: [], nodeIds: [] }), [graph]);
  return useQuery({
    ...queries.monitor.realtime({ body }),
    enabled: graph !== undefined,
    refetchInterval: REALTIME_POLL_MS,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** Raw readings of points over [endTime - 1 h, endTime). */
export function useTrend(pointIds: readonly number[], endTime: number) {
  const queries = useQueries();
  return useQuery({
    ...queries.datalog.query({
      body: { pointIds: [...pointIds], startTime: endTime - TREND_SPAN_MS, endTime, interval: 'raw' },
    }),
    enabled: pointIds.length > 0,
  });
}

/** Opens or closes a breaker; the live state is read again at once. */
export function useRemoteControl() {
  const mutations = useMutations();
  return useMutation(mutations.monitor.remoteControl({ invalidates: [endpointKey('monitor', 'realtime')] }));
}
