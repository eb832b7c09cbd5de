/** Tenants (service providers): a tree of tenants, each hosting projects and users. */
import type { catalogue, Tenant } from '@eem/contract';
import { tenantAndChildren } from '../../auth/auth-user.js';
import { assertTenant, type Scope, scopeOf, tenantInScope } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { recordOperation } from '../logs/record-operation.js';

type Users = AreaHandlers<typeof catalogue.users>;

async function wireTenants(ctx: RequestContext, ids: readonly number[] | null): Promise<Tenant[]> {
  const db = ctx.services.db;
  let q = db.selectFrom('tenants').selectAll().orderBy('id');
  if (ids !== null) q = q.where('id', 'in', ids.length ? [...ids] : [0]);
  const rows = await q.execute();
  const projects = await db
    .selectFrom('projects')
    .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('tenant_id')
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('is_root', '=', 0)
    .groupBy('tenant_id')
    .execute();
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    parentId: t.parent_id,
    hostingEndTime: t.hosting_end_time,
    hostedProjects: Number(projects.find((p) => p.tenant_id === t.id)?.n ?? 0),
    userCount: Number(users.find((u) => u.tenant_id === t.id)?.n ?? 0),
    modelLabel: 'tenant' as const,
  }));
}

async function oneTenant(ctx: RequestContext, id: number): Promise<Tenant> {
  const [tenant] = await wireTenants(ctx, [id]);
  if (!tenant) throw new Error(`tenant ${id} vanished`);
  return tenant;
}

async function reachableTenant(ctx: RequestContext, scope: Scope, id: number) {
  const row = await ctx.services.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
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
  const parent = await ctx.services.db
    .selectFrom('tenants')
    .select('id')
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw ApiError.validation(`body.parentId: tenant ${parentId} does not exist`);
  if (!tenantInScope(scope, parentId)) throw ApiError.permission(`no permission for tenant ${parentId}`);
}

async function checkName(
  ctx: RequestContext,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<void> {
  let q = ctx.services.db.selectFrom('tenants').select('id').where('name', '=', name);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst())
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
    const { id } = await ctx.services.db
      .insertInto('tenants')
      .values({
        parent_id: body.parentId,
        name: body.name,
        hosting_end_time: body.hostingEndTime,
        hosted_projects: 0,
        created_at: ctx.services.clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.services.auth.invalidateUsers();
    await recordOperation(ctx, { operation: 'add', object: `tenant ${body.name}` });
    return oneTenant(ctx, id);
  },
  async updateTenant({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableTenant(ctx, scope, body.id);
    if (body.parentId !== row.parent_id) {
      await checkParent(ctx, scope, body.parentId);
      const below = await tenantAndChildren(ctx.services.db, row.id);
      if (body.parentId !== null && below.includes(body.parentId)) {
        throw ApiError.validation('body.parentId: a tenant cannot be moved under itself or its child');
      }
      if (!scope.root && row.id === scope.user.tenantId)
        throw ApiError.permission('you cannot move your own tenant');
    }
    await checkName(ctx, body.parentId, body.name, row.id);
    await ctx.services.db
      .updateTable('tenants')
      .set({ name: body.name, hosting_end_time: body.hostingEndTime, parent_id: body.parentId })
      .where('id', '=', row.id)
      .execute();
    ctx.services.auth.invalidateUsers();
    await recordOperation(ctx, { operation: 'edit', object: `tenant ${body.name}` });
    return oneTenant(ctx, row.id);
  },
  async deleteTenant({ query }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableTenant(ctx, scope, query.id);
    if (!scope.root && row.id === scope.user.tenantId)
      throw ApiError.permission('you cannot delete your own tenant');
    const db = ctx.services.db;
    const count = async (table: 'projects' | 'users' | 'tenants') => {
      const column = table === 'tenants' ? 'parent_id' : 'tenant_id';
      const r = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', row.id)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    };
    const [projects, users, children] = [
      await count('projects'),
      await count('users'),
      await count('tenants'),
    ];
    if (projects + users + children > 0) {
      throw ApiError.conflict(
        `the tenant ${row.name} still has ${projects} projects, ${users} users and ${children} child tenants; remove them first`,
      );
    }
    await db.transaction().execute(async (trx) => {
      const groups = await trx
        .selectFrom('user_groups')
        .select('id')
        .where('tenant_id', '=', row.id)
        .execute();
      if (groups.length)
        await trx
          .deleteFrom('user_group_members')
          .where(
            'group_id',
            'in',
            groups.map((g) => g.id),
          )
          .execute();
      await trx.deleteFrom('user_groups').where('tenant_id', '=', row.id).execute();
      await trx.deleteFrom('roles').where('tenant_id', '=', row.id).execute();
      await trx
        .deleteFrom('user_nodes')
        .where('model_label', '=', 'tenant')
        .where('node_id', '=', row.id)
        .execute();
      await trx.deleteFrom('tenants').where('id', '=', row.id).execute();
    });
    ctx.services.auth.invalidateUsers();
    await recordOperation(ctx, { operation: 'delete', object: `tenant ${row.name}` });
    return null;
  },
};
