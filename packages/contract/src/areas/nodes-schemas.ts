/**
 * The schemas of node trees that other areas use too (a node, a node edit, the tree-context
 * configuration, the topology): here, so that an area using them does not load the whole
 * nodes area (projects does; see lazy.ts).
 */
import {
  checkNodeField,
  checkNodeName,
  lengthMessage,
  NAME_LIMITS,
  NODE_LABELS,
  nodeType,
  TASK_OPERATION_TYPE,
} from '@eem/core';
import { z } from 'zod';
import { epochMs, filter, id, idOf, labelText, maxKeys } from '../schemas.js';

/** A field value of a node: text, a number (decimals, integers, enumeration values) or null. */
export const attributeValue = z.union([
  z.string().max(NAME_LIMITS.text, { error: lengthMessage(NAME_LIMITS.text, 0) }),
  z.number(),
  z.null(),
]);

/** The most fields of one node in a request (a type has fewer than 20). */
const NODE_FIELDS_MAX = 50;
export type NodeAttributes = Record<string, string | number | null>;

export const modelLabel = z.enum(NODE_LABELS as [string, ...string[]], {
  error: `modelLabel must be one of ${NODE_LABELS.join(', ')}`,
});

/** A node of a project tree as the server answers it; the type's fields sit on the node. */
export const nodeItem = z
  .object({
    id: z.number().int(),
    modelLabel: z.string(),
    name: z.string(),
    projectId: z.number().int(),
    /** The parent node; 0 with parentLabel 'project' for the project's own children. */
    parentId: z.number().int(),
    parentLabel: z.string(),
    /** Names below the project down to this node, joined by ' / ' (the project's own name left out). */
    path: z.string(),
    childCount: z.number().int(),
    updatedAt: epochMs,
  })
  .catchall(attributeValue);
export type NodeItem = z.output<typeof nodeItem>;

/** A node in a tree answer: the node with its children (absent for a flat answer). */
export const nodeTreeItem: z.ZodType<NodeTreeItem> = z.lazy(() =>
  z
    .object({
      id: z.number().int(),
      modelLabel: z.string(),
      name: z.string(),
      children: z.array(nodeTreeItem).optional(),
    })
    .catchall(z.unknown()),
);
export interface NodeTreeItem {
  id: number;
  modelLabel: string;
  name: string;
  children?: NodeTreeItem[] | undefined;
  [field: string]: unknown;
}

export const nodeRef = z.object({
  id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  modelLabel: labelText,
});

/**
 * The fields of a node type, checked by the rules of `@eem/core`: every key must be a field of
 * the type; required fields must be present when `partial` is false; null clears an optional
 * field. Answers `{ name?, attributes }` with the name trimmed.
 */
function nodeFields(value: Record<string, unknown>, label: string, partial: boolean, ctx: z.RefinementCtx) {
  const type = nodeType(label);
  if (!type) return;
  const known = new Set(['id', 'modelLabel', 'name', ...type.fields.map((f) => f.key)]);
  for (const key of Object.keys(value)) {
    if (!known.has(key))
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} is not a field of a ${label}` });
  }
  if (!partial || value.name !== undefined) {
    const problem = checkNodeName(value.name);
    if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
  }
  for (const field of type.fields) {
    const v = value[field.key];
    if (partial && v === undefined) continue;
    const problem = checkNodeField(field, typeof v === 'string' ? v.trim() : v);
    if (problem) ctx.addIssue({ code: 'custom', path: [field.key], message: problem });
  }
}

function splitNode(value: Record<string, unknown>): { name?: string; attributes: NodeAttributes } {
  const attributes: NodeAttributes = {};
  const type = nodeType(String(value.modelLabel));
  for (const field of type?.fields ?? []) {
    const v = value[field.key];
    if (v === undefined) continue;
    attributes[field.key] =
      typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v as number | null);
  }
  return typeof value.name === 'string' ? { name: value.name.trim(), attributes } : { attributes };
}

/** A new node: its type, name and fields. */
export const newNode = maxKeys(z.object({ modelLabel }).catchall(attributeValue), NODE_FIELDS_MAX, 'node')
  .superRefine((v, ctx) => nodeFields(v, v.modelLabel, false, ctx))
  .transform((v) => ({ modelLabel: v.modelLabel, ...splitNode(v), name: String(v.name).trim() }));

/** An edit of a node below the project: absent fields stay, null clears an optional one. */
export const nodeEdit = maxKeys(
  z.object({ id, modelLabel }).catchall(attributeValue),
  NODE_FIELDS_MAX,
  'node',
)
  .superRefine((v, ctx) => nodeFields(v, v.modelLabel, true, ctx))
  .transform((v) => ({ id: v.id, modelLabel: v.modelLabel, ...splitNode(v) }));

export const manageNodeBody = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('add'), parent: nodeRef, node: newNode }),
    z.object({ op: z.literal('delete'), node: z.object({ id, modelLabel }) }),
    z.object({ op: z.literal('move'), node: z.object({ id, modelLabel }), parent: nodeRef }),
  ],
  { error: 'op must be add, delete or move' },
);

/** The body of the tree calls (screens.md §3.2). */
export const nodeTreeBody = z.object({
  /** The project id (rootLabel project) or a node id. */
  rootID: idOf('rootID'),
  rootLabel: labelText.default('project'),
  /** Only these node types, each with optional filters; a node of another type is left out with its subtree. */
  subLayerConditions: z
    .array(
      z.object({
        modelLabel: labelText,
        filters: z.array(filter).max(20, { error: 'filters: at most 20' }).default([]),
      }),
    )
    .max(NODE_LABELS.length, { error: `subLayerConditions: at most ${NODE_LABELS.length}` })
    .optional(),
  /** true: nested children; false: a flat list in tree order. */
  treeReturnEnable: z.boolean().default(true),
  /** Levels below the root to return (all when absent). */
  depth: z.number().int().min(1, { error: 'depth must be 1 or more' }).max(50).optional(),
});

export const importBody = z.object({
  /** Validate every row and report, but write nothing. */
  dryRun: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
});

export const topology = z.object({
  projectId: z.number().int(),
  nodes: z.array(z.object({ id: z.number().int(), modelLabel: z.string(), name: z.string() })),
  /** Links of the generated configuration: `kind` pipeline (operation 1) or hierarchy (2 and 5). */
  edges: z.array(
    z.object({ from: z.number().int(), to: z.number().int(), kind: z.enum(['pipeline', 'hierarchy']) }),
  ),
  /** When each configuration was last generated (null: never). */
  generatedAt: z.object({ pipeline: epochMs.nullable(), hierarchy: epochMs.nullable() }),
});
export type Topology = z.output<typeof topology>;

export const TREE_CONTEXTS = ['energy', 'pq', 'device', 'report'] as const;

export const treeContextConfig = z.object({
  context: z.enum(TREE_CONTEXTS, { error: `context must be one of ${TREE_CONTEXTS.join(', ')}` }),
  /** The node types shown, in this order: at least one. */
  nodeTypes: z
    .array(modelLabel)
    .min(1, { error: 'choose at least one node type' })
    .max(NODE_LABELS.length, { error: `at most ${NODE_LABELS.length} node types` })
    .refine((v) => new Set(v).size === v.length, { error: 'a node type is listed twice' }),
  /** Rooms shown only of these room types (roomtype IN); empty: all rooms. */
  roomTypes: z.array(z.number().int()).max(100, { error: 'roomTypes: at most 100' }).default([]),
});
export type TreeContextConfig = z.output<typeof treeContextConfig>;

export const generateBody = z.object({
  operationType: z.union(
    [
      z.literal(TASK_OPERATION_TYPE.generatePipeline),
      z.literal(TASK_OPERATION_TYPE.generateHierarchy),
      z.literal(TASK_OPERATION_TYPE.generateHierarchyConfig),
    ],
    { error: 'operationType must be 1 (pipeline network), 2 or 5 (hierarchy)' },
  ),
});

export const taskRef = z.object({
  taskId: idOf('taskId'),
});
