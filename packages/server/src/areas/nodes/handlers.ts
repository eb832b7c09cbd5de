import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { startGenerate } from './generate.js';
import { sendProblems, sendReport, sendTemplate, startImport } from './import-handlers.js';
import { manageNode } from './manage-node.js';
import { readTopology } from './topology.js';
import { readTreeConfig, saveTreeConfig } from './tree-config.js';
import { nodeTree } from './tree-handlers.js';

export const nodesHandlers: AreaHandlers<typeof catalogue.nodes> = {
  nodeTree: ({ body }, ctx) => nodeTree(ctx, body, { simple: false, withAuth: false }),
  nodeTreeSimple: ({ body }, ctx) => nodeTree(ctx, body, { simple: true, withAuth: false }),
  nodeTreeWithAuth: ({ body }, ctx) => nodeTree(ctx, body, { simple: false, withAuth: true }),
  nodeTreeSimpleWithAuth: ({ body }, ctx) => nodeTree(ctx, body, { simple: true, withAuth: true }),
  manageNode: ({ body }, ctx) => manageNode(ctx, body),
  importTemplate: ({ query }, ctx) => sendTemplate(ctx, query.scope),
  batchImport: ({ body }, ctx) => startImport(ctx, body, 'all'),
  networkImport: ({ body }, ctx) => startImport(ctx, body, 'network'),
  importReport: ({ query }, ctx) => sendReport(ctx, query.taskId),
  importProblems: ({ query }, ctx) => sendProblems(ctx, query.taskId),
  topology: (_input, ctx) => readTopology(ctx),
  generate: ({ body }, ctx) => startGenerate(ctx, body.operationType),
  treeConfig: (_input, ctx) => readTreeConfig(ctx),
  saveTreeConfig: ({ body }, ctx) => saveTreeConfig(ctx, body),
};
