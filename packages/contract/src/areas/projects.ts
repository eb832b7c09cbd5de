/**
 * Projects, the project profile, the node-type tree, and the detail and edit of any node
 * (screens.md §3.2). Node trees and node writes are in the nodes area.
 */
import { lengthMessage, MESSAGES, NAME_LIMITS, UPLOAD_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import {
  boundedText,
  decimal2Field,
  epochMs,
  id,
  idOf,
  integerField,
  labelText,
  nameText,
  project,
  treeNode,
} from '../schemas.js';
import { fileName, storedFile } from './files-schemas.js';
import { type NodeItem, nodeEdit, nodeItem } from './nodes-schemas.js';

const projectLabel = z.literal('project');

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: lengthMessage(max, 0) })
    .nullable();

export const projectProfile = project.extend({
  mainImage: storedFile.nullable(),
  documents: z.array(storedFile),
  tenantName: z.string(),
});
export type ProjectProfile = z.output<typeof projectProfile>;

/** nodeData and updateNode answer a project profile or a node: this tells which. */
export function isProjectProfile(value: ProjectProfile | NodeItem): value is ProjectProfile {
  return value.modelLabel === 'project' && 'tenantName' in value;
}

/** The project profile of a nodeData answer (a TanStack Query `select`); undefined for a node. */
export function projectProfileOf(value: ProjectProfile | NodeItem): ProjectProfile | undefined {
  return isProjectProfile(value) ? value : undefined;
}

/** Edit the project profile: absent fields stay, null clears. */
export const updateProjectBody = z
  .object({
    id,
    modelLabel: projectLabel,
    name: nameText('name', NAME_LIMITS.name).optional(),
    /** The project number. */
    code: nameText('number', NAME_LIMITS.name).optional(),
    level: text(NAME_LIMITS.name).optional(),
    company: text(NAME_LIMITS.text).optional(),
    address: text(NAME_LIMITS.text).optional(),
    longitude: z
      .number({ error: 'longitude must be a number' })
      .min(-180, { error: 'longitude must be -180 to 180' })
      .max(180, { error: 'longitude must be -180 to 180' })
      .nullable()
      .optional(),
    latitude: z
      .number({ error: 'latitude must be a number' })
      .min(-90, { error: 'latitude must be -90 to 90' })
      .max(90, { error: 'latitude must be -90 to 90' })
      .nullable()
      .optional(),
    /** m², 2 decimals. */
    area: decimal2Field('area').nullable().optional(),
    people: integerField('people').nullable().optional(),
    cooperationDeadline: epochMs.nullable().optional(),
    operationDate: epochMs.nullable().optional(),
    annualOutput: decimal2Field('annualOutput').nullable().optional(),
    description: text(NAME_LIMITS.text).optional(),
    /** fileName of an uploaded image (kind image). */
    mainImage: fileName.nullable().optional(),
    /** fileNames of uploaded documents (kind document), at most 5. */
    documents: z
      .array(fileName)
      .max(UPLOAD_LIMITS.maxDocuments, { error: MESSAGES.tooManyDocuments })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (
      typeof v.cooperationDeadline === 'number' &&
      typeof v.operationDate === 'number' &&
      !(v.cooperationDeadline > v.operationDate)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['cooperationDeadline'],
        message: MESSAGES.cooperationAfterOperation,
      });
    }
  });

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
      tenantId: idOf('tenantId').optional(),
      isQueryChild: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
    }),
    body: z.object({
      rootID: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
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
    query: z.object({ system: boundedText('system', 20).default('cloud') }),
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
  nodeData: defineEndpoint({
    id: 'projects.nodeData',
    method: 'POST',
    path: '/eem-service/v1/project/nodeData',
    summary:
      'A node’s detail: the project profile with its main image and documents, or a node with its fields.',
    body: z.object({ id, modelLabel: labelText }),
    /** The project profile for modelLabel project, else the node with its fields. */
    data: z.union([projectProfile, nodeItem]),
    permission: 'session',
  }),
  updateNode: defineEndpoint({
    id: 'projects.updateNode',
    method: 'POST',
    path: '/eem-service/v1/project/updateNode',
    summary:
      'Edit a node: the project profile (cooperation deadline after operation date, at most 5 documents) or a node’s name and fields (a duplicate name under the parent is refused).',
    body: z.discriminatedUnion('modelLabel', [updateProjectBody, nodeEdit], {
      error: 'modelLabel must be project or a node type (building, floor, room, …)',
    }),
    data: z.union([projectProfile, nodeItem]),
    permission: 'nodeconfig_update',
  }),
} as const;
