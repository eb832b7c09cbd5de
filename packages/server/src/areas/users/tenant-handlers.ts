/** Tenants (service providers): a tree of tenants, each hosting projects and users. */
import type { catalogue, Tenant } from '@eem/contract';
import { text } from '@eem/core';
import { assertTenant, type Scope, scopeOf, tenantInScope } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { recordOperation } from '../logs/record-operation.js';
import { projectCountsByTenant } from '../projects/repo/projects.js';
import {
  deleteTenant,
  insertTenant,
  tenantById,
  tenantDependents,
  tenantExists,
  tenantFamily,
  tenantNameTaken,
  tenantsByIds,
  updateTenant,
} from './repo/tenants.js';
import { userCountsByTenant } from './repo/users.js';

type Users = AreaHandlers<typeof catalogue.users>;

async function wireTenants(ctx: RequestContext, ids: readonly number[] | null): Promise<Tenant[]> {
  const db = ctx.services.db;
  const rows = await tenantsByIds(db, ids);
  const projects = await projectCountsByTenant(db);
  const users = await userCountsByTenant(db);
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    parentId: t.parent_id,
    hostingEndTime: t.hosting_end_time,
    hostedProjects: projects.get(t.id) ?? 0,
    userCount: users.get(t.id) ?? 0,
    modelLabel: 'tenant' as const,
  }));
}

async function oneTenant(ctx: RequestContext, id: number): Promise<Tenant> {
  const [tenant] = await wireTenants(ctx, [id]);
  if (!tenant) throw new Error(`tenant ${id} vanished`);
  return tenant;
}

async function reachableTenant(ctx: RequestContext, scope: Scope, id: number) {
  const row = await tenantById(ctx.services.db, id);
  if (!row) throw ApiError.notFound(`tenant ${id} does not exist`);
  assertTenant(scope, id);
  return row;
}

/** The parent: root may choose none (a top-level tenant); others a tenant of their scope. */
async function checkParent(ctx: RequestContext, scope: Scope, parentId: number | null): Promise<void> {
  if (parentId === null) {
    if (!scope.root) throw ApiError.permission('only a root user creates top-level tenants');
    return;
  }
  if (!(await tenantExists(ctx.services.db, parentId)))
    throw ApiError.at('body.parentId', `tenant ${parentId} does not exist`);
  if (!tenantInScope(scope, parentId)) throw ApiError.permission(`no permission for tenant ${parentId}`);
}

async function checkName(
  ctx: RequestContext,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<void> {
  if (await tenantNameTaken(ctx.services.db, parentId, name, exceptId))
    throw ApiError.conflict(`body.name: a tenant named ${name} already exists here`);
}

export const tenantHandlers: Pick<Users, 'tenants' | 'createTenant' | 'updateTenant' | 'deleteTenant'> = {
  async tenants(_input, ctx) {
    const scope = await scopeOf(ctx);
    return wireTenants(ctx, scope.tenantIds === null ? null : [...scope.tenantIds]);
  },
  async createTenant({ body }, ctx) {
    const scope = await scopeOf(ctx);
    await checkParent(ctx, scope, body.parentId);
    await checkName(ctx, body.parentId, body.name);
    const id = await insertTenant(ctx.services.db, {
      parent_id: body.parentId,
      name: body.name,
      hosting_end_time: body.hostingEndTime,
      hosted_projects: 0,
      created_at: ctx.services.clock(),
    });
    ctx.services.auth.invalidateUsers();
    await recordOperation(ctx, { operation: 'add', object: text('oplog.tenant', { name: body.name }) });
    return oneTenant(ctx, id);
  },
  async updateTenant({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableTenant(ctx, scope, body.id);
    if (body.parentId !== row.parent_id) {
      await checkParent(ctx, scope, body.parentId);
      const below = await tenantFamily(ctx.services.db, row.id);
      if (body.parentId !== null && below.includes(body.parentId)) {
        throw ApiError.at('body.parentId', 'a tenant cannot be moved under itself or its child');
      }
      if (!scope.root && row.id === scope.user.tenantId)
        throw ApiError.permission('you cannot move your own tenant');
    }
    await checkName(ctx, body.parentId, body.name, row.id);
    await updateTenant(ctx.services.db, row.id, {
      name: body.name,
      hosting_end_time: body.hostingEndTime,
      parent_id: body.parentId,
    });
    ctx.services.auth.invalidateUsers();
    await recordOperation(ctx, { operation: 'edit', object: text('oplog.tenant', { name: body.name }) });
    return oneTenant(ctx, row.id);
  },
  async deleteTenant({ query }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableTenant(ctx, scope, query.id);
    if (!scope.root && row.id === scope.user.tenantId)
      throw ApiError.permission('you cannot delete your own tenant');
    const { projects, users, children } = await tenantDependents(ctx.services.db, row.id);
    if (projects + users + children > 0) {
      throw ApiError.conflict(
        `the tenant ${row.name} still has ${projects} projects, ${users} users and ${children} child tenants; remove them first`,
      );
    }
    await deleteTenant(ctx.services.db, row.id);
    ctx.services.auth.invalidateUsers();
    await recordOperation(ctx, { operation: 'delete', object: text('oplog.tenant', { name: row.name }) });
    return null;
  },
};
