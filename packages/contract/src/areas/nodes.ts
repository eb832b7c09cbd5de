import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { task } from '../schemas.js';
import {
  generateBody,
  importBody,
  manageNodeBody,
  nodeItem,
  nodeTreeBody,
  nodeTreeItem,
  TREE_CONTEXTS,
  taskRef,
  topology,
  treeContextConfig,
} from './nodes-schemas.js';

export const nodes = {
  nodeTree: defineEndpoint({
    id: 'nodes.nodeTree',
    method: 'POST',
    path: '/eem-service/v1/node/nodeTree',
    summary: 'The node tree of a project (or below a node), with every field of every node.',
    body: nodeTreeBody,
    data: z.array(nodeTreeItem),
    permission: 'session',
  }),
  nodeTreeSimple: defineEndpoint({
    id: 'nodes.nodeTreeSimple',
    method: 'POST',
    path: '/eem-service/v1/node/nodeTree/simple',
    summary: 'The node tree with id, modelLabel and name only.',
    body: nodeTreeBody,
    data: z.array(nodeTreeItem),
    permission: 'session',
  }),
  nodeTreeWithAuth: defineEndpoint({
    id: 'nodes.nodeTreeWithAuth',
    method: 'POST',
    path: '/eem-service/v1/node/nodeTree/withAuth',
    summary:
      'The node tree limited to the nodes the user is authorised for (their subtrees, with the path down to them).',
    body: nodeTreeBody,
    data: z.array(nodeTreeItem),
    permission: 'session',
  }),
  nodeTreeSimpleWithAuth: defineEndpoint({
    id: 'nodes.nodeTreeSimpleWithAuth',
    method: 'POST',
    path: '/eem-service/v1/node/nodeTree/simple/withAuth',
    summary: 'The authorised node tree with id, modelLabel and name only.',
    body: nodeTreeBody,
    data: z.array(nodeTreeItem),
    permission: 'session',
  }),
  manageNode: defineEndpoint({
    id: 'nodes.manageNode',
    method: 'POST',
    path: '/eem-service/v1/project/manageNode',
    summary:
      'Add a node under a parent, move it under another, or delete it (refused while it has children). Duplicate names under one parent are refused.',
    body: manageNodeBody,
    /** The added or moved node; null after a delete. */
    data: nodeItem.nullable(),
    permission: 'nodeconfig_update',
  }),
  importTemplate: defineEndpoint({
    id: 'nodes.importTemplate',
    method: 'GET',
    path: '/eem-service/v1/project/batchManageNode/template',
    summary:
      'The import workbook (xlsx): one sheet per node type, headers in Chinese and English, lists for enumerations (chosen).',
    query: z.object({
      /** all: every node type; network: the pipe-network types only. */
      scope: z.enum(['all', 'network'], { error: 'scope must be all or network' }).default('all'),
    }),
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  batchImport: defineEndpoint({
    id: 'nodes.batchImport',
    method: 'POST',
    path: '/eem-service/v1/project/batchManageNode',
    summary:
      'Import nodes from an xls/xlsx workbook (multipart field file) into the current project as a task (operation type 6): all rows or none.',
    body: importBody,
    data: task,
    permission: 'nodeconfig_update',
    kind: 'upload',
    timeoutMs: 60_000,
  }),
  networkImport: defineEndpoint({
    id: 'nodes.networkImport',
    method: 'POST',
    path: '/eem-service/v1/topology/network/import',
    summary:
      'Import pipe-network nodes (multipart field file) as a task (operation type 7); refused while one runs (chosen).',
    body: importBody,
    data: task,
    permission: 'nodeconfig_update',
    kind: 'upload',
    timeoutMs: 1_200_000,
  }),
  importReport: defineEndpoint({
    id: 'nodes.importReport',
    method: 'GET',
    path: '/eem-service/v1/project/batchManageNode/report',
    summary:
      'The error report of a failed import: the uploaded workbook with an error column on every sheet (chosen).',
    query: taskRef,
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  importProblems: defineEndpoint({
    id: 'nodes.importProblems',
    method: 'GET',
    path: '/eem-service/v1/project/batchManageNode/problems',
    summary:
      'Every problem of a failed or checked import, row by row (the error report as data), at most 5,000 (chosen).',
    query: taskRef,
    data: z.object({
      /** Rows with problems, all sheets together. */
      rows: z.number().int(),
      /** Data rows read, all sheets together. */
      total: z.number().int(),
      problems: z.array(
        z.object({
          /** The sheet's name; empty for a problem of the whole workbook. */
          sheet: z.string(),
          /** The row number as the spreadsheet shows it; 0 for a problem of the whole sheet. */
          row: z.number().int(),
          messages: z.array(z.string()),
        }),
      ),
      /** True when there were more problems than listed. */
      truncated: z.boolean(),
    }),
    permission: 'session',
  }),
  topology: defineEndpoint({
    id: 'nodes.topology',
    method: 'POST',
    path: '/eem-service/v1/topology/network/query',
    summary: 'The generated topology of the current project: its nodes and links (chosen).',
    body: z.object({}).default({}),
    data: topology,
    permission: 'session',
  }),
  generate: defineEndpoint({
    id: 'nodes.generate',
    method: 'POST',
    path: '/eem-service/v1/topology/network/generate',
    summary:
      'Generate the pipeline-network configuration (operation type 1) or the hierarchy configuration (2 or 5) as a task (chosen).',
    body: generateBody,
    data: task,
    permission: 'nodeconfig_update',
  }),
  treeConfig: defineEndpoint({
    id: 'nodes.treeConfig',
    method: 'GET',
    path: '/eem-service/app/config/nodeTree',
    summary:
      'Per tree context (energy, pq, device, report): the node types shown, their order and the room types.',
    data: z.array(treeContextConfig),
    permission: 'session',
  }),
  saveTreeConfig: defineEndpoint({
    id: 'nodes.saveTreeConfig',
    method: 'PUT',
    path: '/eem-service/app/config/nodeTree',
    summary: 'Save the tree-context configuration of the current project (chosen method).',
    body: z
      .array(treeContextConfig)
      .min(1, { error: 'send at least one context' })
      .max(TREE_CONTEXTS.length, { error: 'a context is listed twice' })
      .refine((v) => new Set(v.map((c) => c.context)).size === v.length, {
        error: 'a context is listed twice',
      }),
    data: z.array(treeContextConfig),
    permission: 'nodeconfig_update',
  }),
} as const;

export * from './nodes-schemas.js';
