/** Projects and the node-type tree (screens.md §3.2). Node trees and node writes: issue 5. */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { project, treeNode } from '../schemas.js';

const nodeTypeEntry: z.ZodType<NodeTypeShape> = z.lazy(() =>
  z.object({
    modelLabel: z.string(),
    name: z.string(),
    enName: z.string(),
    nodeTypes: z.array(z.string()),
    roomType: z.array(z.number().int()).optional(),
    children: z.array(nodeTypeEntry).optional(),
  }),
);
export interface NodeTypeShape {
  modelLabel: string;
  name: string;
  enName: string;
  nodeTypes: string[];
  roomType?: number[] | undefined;
  children?: NodeTypeShape[] | undefined;
}

export const projects = {
  cloudProjects: defineEndpoint({
    id: 'projects.cloudProjects',
    method: 'POST',
    path: '/eem-service/v1/auth/cloud/projects',
    summary: 'Platform mode: the tenant tree with its projects (treeReturnEnable) or a flat project list.',
    query: z.object({
      tenantId: z.coerce.number().int().positive().optional(),
      isQueryChild: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
    }),
    body: z.object({
      rootID: z.number().int().nonnegative().default(0),
      rootLabel: z.literal('project', { error: "rootLabel must be 'project'" }).default('project'),
      treeReturnEnable: z.boolean().default(true),
    }),
    data: z.array(treeNode),
    permission: 'session',
  }),
  projects: defineEndpoint({
    id: 'projects.projects',
    method: 'GET',
    path: '/eem-service/v1/project/project',
    summary: 'The projects the signed-in user may enter.',
    query: z.object({ system: z.string().default('cloud') }),
    data: z.array(project),
    permission: 'session',
  }),
  nodeTreeLabels: defineEndpoint({
    id: 'projects.nodeTreeLabels',
    method: 'GET',
    path: '/eem-service/v1/node/nodeTreeLabels',
    summary: 'The node-type tree: which node types (model labels) may hold which.',
    data: z.array(nodeTypeEntry),
    permission: 'session',
  }),
} as const;
