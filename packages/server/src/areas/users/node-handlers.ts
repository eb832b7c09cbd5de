/**
 * Node permissions of a user (user_nodes). Model nodes (tenants and projects for now) are
 * stored under their model label; graph and report nodes under `graph:` and `pecstar:`.
 * Saving replaces the user's nodes of that kind within the caller's scope and keeps the rest.
 */
import type { catalogue, EndpointParsedInput } from '@eem/contract';
import { tenantAndChildren } from '../../auth/auth-user.js';
import { type Scope, scopeOf, tenantInScope } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { recordOperation } from '../logs/record-operation.js';
import { manageableUser, managedProject, type TargetUser, visibleUser } from './user-access.js';

type Users = AreaHandlers<typeof catalogue.users>;
type AssignBody = EndpointParsedInput<typeof catalogue.users.assignModelNodes>['body'];
type Kind = 'model' | 'graph' | 'pecstar';

const PREFIX: Record<Kind, string> = { model: '', graph: 'graph:', pecstar: 'pecstar:' };
const MODEL_LABELS = new Set(['tenant', 'project']);

interface StoredNode {
  model_label: string;
  node_id: number;
}

function ofKind(kind: Kind, label: string): boolean {
  if (kind === 'model') return !label.includes(':');
  return label.startsWith(PREFIX[kind]);
}

/** Whether the caller manages a stored model node (root: all; project users: their projects only). */
function inScope(scope: Scope, node: StoredNode): boolean {
  if (scope.root) return true;
  if (node.model_label === 'tenant')
    return scope.boundProjects === null && tenantInScope(scope, node.node_id);
  if (node.model_label === 'project') return managedProject(scope, node.node_id);
  return false;
}

async function names(ctx: RequestContext, nodes: readonly StoredNode[]) {
  const db = ctx.services.db;
  const tenantIds = nodes.filter((n) => n.model_label === 'tenant').map((n) => n.node_id);
  const tenants = tenantIds.length
    ? await db.selectFrom('tenants').select(['id', 'name']).where('id', 'in', tenantIds).execute()
    : [];
  const projects = await ctx.services.projects.all();
  return nodes.map((n) => {
    const label = n.model_label.includes(':')
      ? n.model_label.slice(n.model_label.indexOf(':') + 1)
      : n.model_label;
    const name =
      n.model_label === 'tenant'
        ? (tenants.find((t) => t.id === n.node_id)?.name ?? '')
        : n.model_label === 'project'
          ? (projects.get(n.node_id)?.name ?? '')
          : '';
    return { id: n.node_id, modelLabel: label, name };
  });
}

async function stored(ctx: RequestContext, userId: number, kind: Kind): Promise<StoredNode[]> {
  const rows = await ctx.services.db
    .selectFrom('user_nodes')
    .select(['model_label', 'node_id'])
    .where('user_id', '=', userId)
    .orderBy('model_label')
    .orderBy('node_id')
    .execute();
  return rows.filter((r) => ofKind(kind, r.model_label));
}

async function query(ctx: RequestContext, userId: number, kind: Kind) {
  const scope = await scopeOf(ctx);
  await visibleUser(ctx, scope, userId);
  const nodes = (await stored(ctx, userId, kind)).filter((n) => kind !== 'model' || inScope(scope, n));
  return { userId, nodes: await names(ctx, nodes) };
}

/** Checks model nodes: tenants and projects of the user's tenant family, within the caller's scope. */
async function checkModelNodes(
  ctx: RequestContext,
  scope: Scope,
  target: TargetUser,
  body: AssignBody,
): Promise<StoredNode[]> {
  const family = new Set(await tenantAndChildren(ctx.services.db, target.tenantId));
  const out: StoredNode[] = [];
  for (const [i, node] of body.nodes.entries()) {
    const where = `body.nodes.${i}`;
    if (!MODEL_LABELS.has(node.modelLabel)) {
      throw ApiError.validation(
        `${where}.modelLabel: must be tenant or project (node-tree nodes come with the node tree)`,
      );
    }
    if (node.modelLabel === 'tenant') {
      const tenant = await ctx.services.db
        .selectFrom('tenants')
        .select('id')
        .where('id', '=', node.id)
        .executeTakeFirst();
      if (!tenant) throw ApiError.validation(`${where}.id: tenant ${node.id} does not exist`);
      if (!family.has(node.id))
        throw ApiError.validation(`${where}.id: tenant ${node.id} is not of the user's tenant`);
    } else {
      const project = await ctx.services.projects.get(node.id);
      if (!project) throw ApiError.validation(`${where}.id: project ${node.id} does not exist`);
      if (!family.has(project.tenantId))
        throw ApiError.validation(`${where}.id: project ${project.name} is not of the user's tenant`);
    }
    const storedNode = { model_label: node.modelLabel, node_id: node.id };
    if (!inScope(scope, storedNode))
      throw ApiError.permission(`no permission for ${node.modelLabel} ${node.id}`);
    out.push(storedNode);
  }
  return out;
}

async function assign(ctx: RequestContext, body: AssignBody, kind: Kind) {
  const scope = await scopeOf(ctx);
  const target = await manageableUser(ctx, scope, body.userId);
  let fresh: StoredNode[];
  if (kind === 'model') {
    fresh = await checkModelNodes(ctx, scope, target, body);
  } else {
    // No graphs or reports exist in this product yet: any node named is unknown.
    const first = body.nodes[0];
    if (first) throw ApiError.validation(`body.nodes.0.id: ${kind} node ${first.id} does not exist`);
    fresh = [];
  }
  const old = await stored(ctx, target.id, kind);
  const remove = old.filter((n) => kind !== 'model' || inScope(scope, n));
  const db = ctx.services.db;
  await db.transaction().execute(async (trx) => {
    for (const n of remove) {
      await trx
        .deleteFrom('user_nodes')
        .where('user_id', '=', target.id)
        .where('model_label', '=', n.model_label)
        .where('node_id', '=', n.node_id)
        .execute();
    }
    for (const n of fresh) {
      await trx
        .insertInto('user_nodes')
        .values({ user_id: target.id, model_label: PREFIX[kind] + n.model_label, node_id: n.node_id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'edit',
    object: `${kind} node permissions of user ${target.name}`,
    description: `${fresh.length} nodes`,
  });
  const now = (await stored(ctx, target.id, kind)).filter((n) => kind !== 'model' || inScope(scope, n));
  return { userId: target.id, nodes: await names(ctx, now) };
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
  assignModelNodes: ({ body }, ctx) => assign(ctx, body, 'model'),
  assignGraphNodes: ({ body }, ctx) => assign(ctx, body, 'graph'),
  assignPecstarNodes: ({ body }, ctx) => assign(ctx, body, 'pecstar'),
  modelNodes: ({ body }, ctx) => query(ctx, body.userId, 'model'),
  graphNodes: ({ body }, ctx) => query(ctx, body.userId, 'graph'),
  pecstarNodes: ({ body }, ctx) => query(ctx, body.userId, 'pecstar'),
  // Graphs (one-line diagrams) and reports arrive with later issues: the trees are empty.
  graphTree: () => [],
  mReportTree: () => [],
  pecReportTree: () => [],
};
