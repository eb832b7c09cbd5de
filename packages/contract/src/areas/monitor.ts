/**
 * Real-time monitoring (screens.md /realtimeMonitor): the graph tree, one graph (a one-line
 * diagram of a switch or transformer room), the live values of its points (polled every 5 s)
 * with the active alarms of their nodes, and the remote control of a breaker after AuthConfirm.
 */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, idOf, treeNode } from '../schemas.js';

export const REALTIME_POLL_MS = 5_000;

export const graphElement = z.object({
  /** The node the element draws. */
  nodeId: z.number().int(),
  modelLabel: z.string(),
  name: z.string(),
  /** bus: the room's busbar; incomer and feeder: line segments (the first of a cabinet incomes); others by node type. */
  kind: z.enum(['bus', 'cabinet', 'transformer', 'incomer', 'feeder', 'meter', 'device']),
  /** The element it hangs from (0: the busbar). */
  parentId: z.number().int(),
  /** Whether the element has a breaker that can be opened and closed (line segments). */
  breaker: z.boolean(),
  /**
   * Points whose live values the element shows: a meter's or device's own; a line segment's
   * meter's; a cabinet's or transformer's first line segment's (the incomer carries its load).
   */
  pointIds: z.array(z.number().int()),
});
export type GraphElement = z.output<typeof graphElement>;

/** A measurement point drawn in a graph: what the console needs to label its value. */
export const graphPoint = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  dataId: z.number().int(),
  /** The quantity's name (Chinese) and English name. */
  name: z.string(),
  enName: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
});

export const graph = z.object({
  /** The room's node id. */
  id: z.number().int(),
  name: z.string(),
  /** Names below the project down to the room, joined by ' / '. */
  path: z.string(),
  kind: z.enum(['oneLine', 'switchgear']),
  /** The project's IANA time zone: live and trend times are shown in it. */
  timeZone: z.string(),
  /** In drawing order: the busbar first, then each element after the one it hangs from. */
  elements: z.array(graphElement),
  /** The points of the elements (by nodeId, dataId). */
  points: z.array(graphPoint),
});
export type Graph = z.output<typeof graph>;

export const realtimeValue = z.object({
  pointId: z.number().int(),
  nodeId: z.number().int(),
  dataId: z.number().int(),
  /** null when the point has no live value or it is older than 60 s (shown as `--`). */
  value: z.number().nullable(),
  /** The time of the newest live value (also when it is too old), null when there is none. */
  time: epochMs.nullable(),
});
export type RealtimeValue = z.output<typeof realtimeValue>;

export const monitor = {
  graphTree: defineEndpoint({
    id: 'monitor.graphTree',
    method: 'GET',
    path: '/eem-service/v2/peccore/graphTree/withAuth',
    summary:
      'The graphs of the current project by building: one per switch or transformer room the user may see (leaves have modelLabel graph; their id, the room id, opens the graph).',
    data: z.array(treeNode),
    permission: 'session',
  }),
  graph: defineEndpoint({
    id: 'monitor.graph',
    method: 'GET',
    path: '/eem-service/v2/peccore/graph/{graphId}',
    summary:
      'One graph: the busbar, cabinets and transformers, their line segments (breakers), meters and devices, with their points (chosen).',
    params: z.object({
      graphId: idOf('graphId'),
    }),
    data: graph,
    permission: 'session',
  }),
  realtime: defineEndpoint({
    id: 'monitor.realtime',
    method: 'POST',
    path: '/device-data-service/api/v1/realtime/query',
    summary:
      'The live values of points and the breaker states of line segments of the current project; others are left out (chosen, new prefix).',
    body: z.object({
      pointIds: z.array(idOf('pointIds')).max(1000, { error: 'pointIds: at most 1000 points' }).default([]),
      /** Nodes whose breaker state to answer. */
      nodeIds: z.array(idOf('nodeIds')).max(1000, { error: 'nodeIds: at most 1000 nodes' }).default([]),
    }),
    data: z.object({
      values: z.array(realtimeValue),
      breakers: z.array(z.object({ nodeId: z.number().int(), closed: z.boolean() })),
      /**
       * Nodes of the asked points and nodes with active alarms (events not yet confirmed), each
       * with the most severe level among them (1 accident … 5 other): the diagram blinks them.
       */
      alarms: z.array(
        z.object({ nodeId: z.number().int(), level: z.number().int(), count: z.number().int() }),
      ),
      /** The server's clock. */
      time: epochMs,
    }),
    permission: 'session',
  }),
  remoteControl: defineEndpoint({
    id: 'monitor.remoteControl',
    method: 'POST',
    path: '/device-data-service/api/v1/remote/control',
    summary:
      'Open or close the breaker of a line segment of the current project (after session.operationAuthCheck); recorded in the operation log (chosen, new prefix).',
    body: z.object({
      nodeId: idOf('nodeId'),
      action: z.enum(['open', 'close'], { error: 'action must be open or close' }),
    }),
    data: z.object({ nodeId: z.number().int(), closed: z.boolean() }),
    permission: 'remote_control',
  }),
} as const;
