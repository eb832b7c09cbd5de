/** The real-time monitor area (screens.md /realtimeMonitor). */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { readGraph } from './graph.js';
import { readGraphTree } from './graph-tree.js';
import { readRealtime } from './realtime.js';
import { remoteControl } from './remote-control.js';

export const monitorHandlers: AreaHandlers<typeof catalogue.monitor> = {
  graphTree: (_input, ctx) => readGraphTree(ctx),
  graph: ({ params }, ctx) => readGraph(ctx, params.graphId),
  realtime: ({ body }, ctx) => readRealtime(ctx, body),
  remoteControl: ({ body }, ctx) => remoteControl(ctx, body),
};
