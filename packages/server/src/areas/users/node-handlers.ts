/**
 * Node permissions of a user (user_nodes). Model nodes are stored under their model label:
 * tenants, projects and nodes of project trees (building, floor, room, ... of NODE_LABELS,
 * which the withAuth trees honour: the node's subtree and the path down to it). Graph and
 * report nodes are stored under `graph:` and `pecstar:`. Saving replaces the user's nodes of
 * that kind within the caller's scope and keeps the rest.
 */
import type { catalogue, EndpointParsedInput } from '@eem/contract';
import { nodeType, text } from '@eem/core';
import { type Scope, scopeOf, tenantInScope } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { ApiError, type RequestPath } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { recordOperation } from '../logs/record-operation.js';
import { nodeNames } from '../nodes/repo/nodes.js';
import { grantsOf, type NodeGrant, replaceGrants } from './repo/grants.js';
import { tenantFamily, tenantsByIds } from './repo/tenants.js';
import { manageableUser, managedProject, type TargetUser, visibleUser } from './user-access.js';

type Users = AreaHandlers<typeof catalogue.users>;
type AssignBody = EndpointParsedInput<typeof catalogue.users.assignModelNodes>['body'];
type OtherBody = EndpointParsedInput<typeof catalogue.users.assignGraphNodes>['body'];
type Kind = 'model' | 'graph' | 'pecstar';

const PREFIX: Record<Kind, string> = { model: '', graph: 'graph:', pecstar: 'pecstar:' };

type StoredNode = NodeGrant;

/** A stored model node with what it names: its name and project (null: a tenant, or gone). */
interface ModelNode extends StoredNode {
  name: string;
  projectId: number | null;
  /** The tenant of a tenant node; the tenant of the project of a project or tree node. */
  tenantId: number | null;
}

function ofKind(kind: Kind, label: string): boolean {
  if (kind === 'model') return !label.includes(':');
  return label.startsWith(PREFIX[kind]);
}

/**
 * Whether the caller manages a model node (root: all; others: tenants of their scope unless
 * project-bound, projects they may enter and the tree nodes of those projects).
 */
function inScope(scope: Scope, node: ModelNode): boolean {
  if (scope.root) return true;
  if (node.model_label === 'tenant')
    return scope.boundProjects === null && tenantInScope(scope, node.node_id);
  return node.projectId !== null && managedProject(scope, node.projectId);
}

/** Names and projects of stored model nodes: tenants, projects (registry) and tree nodes (nodes table). */
async function resolve(ctx: RequestContext, nodes: readonly StoredNode[]): Promise<ModelNode[]> {
  const db = ctx.services.db;
  const tenantIds = nodes.filter((n) => n.model_label === 'tenant').map((n) => n.node_id);
  const treeIds = nodes.filter((n) => nodeType(n.model_label) !== undefined).map((n) => n.node_id);
  const tenants = tenantIds.length ? await tenantsByIds(db, tenantIds) : [];
  const rows = await nodeNames(db, treeIds);
  const tenantName = new Map(tenants.map((t) => [t.id, t.name]));
  const treeNode = new Map(rows.map((r) => [`${r.model_label}:${r.id}`, r]));
  const projects = await ctx.services.projects.all();
  return nodes.map((n) => {
    if (n.model_label === 'tenant') {
      const name = tenantName.get(n.node_id);
      return { ...n, name: name ?? '', projectId: null, tenantId: name === undefined ? null : n.node_id };
    }
    if (n.model_label === 'project') {
      const project = projects.get(n.node_id);
      return {
        ...n,
        name: project?.name ?? '',
        projectId: project ? n.node_id : null,
        tenantId: project?.tenantId ?? null,
      };
    }
    const row = treeNode.get(`${n.model_label}:${n.node_id}`);
    const project = row ? projects.get(row.project_id) : undefined;
    return {
      ...n,
      name: row?.name ?? '',
      projectId: project ? project.id : null,
      tenantId: project?.tenantId ?? null,
    };
  });
}

function wireModel(nodes: readonly ModelNode[]) {
  return nodes.map((n) => ({
    id: n.node_id,
    modelLabel: n.model_label,
    name: n.name,
    projectId: n.projectId,
  }));
}

/** Graph and report nodes: none exist in this product yet, so no name. */
function wireOther(nodes: readonly StoredNode[]) {
  return nodes.map((n) => ({
    id: n.node_id,
    modelLabel: n.model_label.slice(n.model_label.indexOf(':') + 1),
    name: '',
  }));
}

async function stored(ctx: RequestContext, userId: number, kind: Kind): Promise<StoredNode[]> {
  const rows = await grantsOf(ctx.services.db, userId);
  return rows.filter((r) => ofKind(kind, r.model_label));
}

/** The user's model nodes the caller manages. */
async function scopedModelNodes(ctx: RequestContext, scope: Scope, userId: number): Promise<ModelNode[]> {
  return (await resolve(ctx, await stored(ctx, userId, 'model'))).filter((n) => inScope(scope, n));
}

async function queryModel(ctx: RequestContext, userId: number) {
  const scope = await scopeOf(ctx);
  await visibleUser(ctx, scope, userId);
  return { userId, nodes: wireModel(await scopedModelNodes(ctx, scope, userId)) };
}

async function queryOther(ctx: RequestContext, userId: number, kind: Kind) {
  const scope = await scopeOf(ctx);
  await visibleUser(ctx, scope, userId);
  return { userId, nodes: wireOther(await stored(ctx, userId, kind)) };
}

/**
 * Checks model nodes: each must exist, be of the user's tenant family (a tenant of it, a
 * project of it, or a tree node of such a project) and within the caller's scope.
 */
async function checkModelNodes(
  ctx: RequestContext,
  scope: Scope,
  target: TargetUser,
  body: AssignBody,
): Promise<StoredNode[]> {
  const family = new Set(await tenantFamily(ctx.services.db, target.tenantId));
  const asked = body.nodes.map((n) => ({ model_label: n.modelLabel, node_id: n.id }));
  const resolved = await resolve(ctx, asked);
  const projects = await ctx.services.projects.all();
  const out: StoredNode[] = [];
  for (const [i, node] of resolved.entries()) {
    const where: RequestPath = `body.nodes.${i}`;
    const label = node.model_label;
    const what = `${label} ${node.node_id}`;
    if (label !== 'tenant' && label !== 'project' && nodeType(label) === undefined) {
      // The contract refuses these first; kept for a body that reaches here another way.
      throw ApiError.at(`${where}.modelLabel`, 'must be tenant, project or a node type');
    }
    if (node.tenantId === null) throw ApiError.at(`${where}.id`, `${what} does not exist`);
    if (!family.has(node.tenantId)) {
      const named =
        label === 'tenant'
          ? `tenant ${node.node_id}`
          : label === 'project'
            ? `project ${node.name}`
            : `${label} ${node.name} (project ${projects.get(node.projectId ?? 0)?.name ?? node.projectId})`;
      throw ApiError.at(`${where}.id`, `${named} is not of the user's tenant`);
    }
    if (!inScope(scope, node)) throw ApiError.permission(`no permission for ${what}`);
    out.push({ model_label: label, node_id: node.node_id });
  }
  return out;
}

async function replace(
  ctx: RequestContext,
  target: TargetUser,
  kind: Kind,
  remove: readonly StoredNode[],
  fresh: readonly StoredNode[],
): Promise<void> {
  await replaceGrants(
    ctx.services.db,
    target.id,
    remove,
    fresh.map((n) => ({ model_label: PREFIX[kind] + n.model_label, node_id: n.node_id })),
  );
  ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.nodePermissions', { kind, name: target.name }),
    description: text('oplog.nodes', { count: fresh.length }),
  });
}

async function assignModel(ctx: RequestContext, body: AssignBody) {
  const scope = await scopeOf(ctx);
  const target = await manageableUser(ctx, scope, body.userId);
  const fresh = await checkModelNodes(ctx, scope, target, body);
  // Only the nodes the caller manages are replaced; others' grants stay.
  const remove = await scopedModelNodes(ctx, scope, target.id);
  await replace(ctx, target, 'model', remove, fresh);
  return { userId: target.id, nodes: wireModel(await scopedModelNodes(ctx, scope, target.id)) };
}

async function assignOther(ctx: RequestContext, body: OtherBody, kind: Kind) {
  const scope = await scopeOf(ctx);
  const target = await manageableUser(ctx, scope, body.userId);
  // No graphs or reports exist in this product yet: any node named is unknown.
  const first = body.nodes[0];
  if (first) throw ApiError.at('body.nodes.0.id', `${kind} node ${first.id} does not exist`);
  await replace(ctx, target, kind, await stored(ctx, target.id, kind), []);
  return { userId: target.id, nodes: wireOther(await stored(ctx, target.id, kind)) };
}

export const nodeHandlers: Pick<
  Users,
  | 'assignModelNodes'
  | 'assignGraphNodes'
  | 'assignPecstarNodes'
  | 'modelNodes'
  | 'graphNodes'
  | 'pecstarNodes'
  | 'graphTree'
  | 'mReportTree'
  | 'pecReportTree'
> = {
  assignModelNodes: ({ body }, ctx) => assignModel(ctx, body),
  assignGraphNodes: ({ body }, ctx) => assignOther(ctx, body, 'graph'),
  assignPecstarNodes: ({ body }, ctx) => assignOther(ctx, body, 'pecstar'),
  modelNodes: ({ body }, ctx) => queryModel(ctx, body.userId),
  graphNodes: ({ body }, ctx) => queryOther(ctx, body.userId, 'graph'),
  pecstarNodes: ({ body }, ctx) => queryOther(ctx, body.userId, 'pecstar'),
  // Graphs (one-line diagrams) and reports arrive with later issues: the trees are empty.
  graphTree: () => [],
  mReportTree: () => [],
  pecReportTree: () => [],
};
