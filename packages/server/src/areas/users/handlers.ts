import type { catalogue } from '@eem/contract';
import type { AuthUser } from '../../auth/auth-user.js';
import { tenantAndChildren } from '../../auth/auth-user.js';
import { type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { grantHandlers } from './grant-handlers.js';
import { groupHandlers } from './group-handlers.js';
import { nodeHandlers } from './node-handlers.js';
import { roleHandlers } from './role-handlers.js';
import { tenantHandlers } from './tenant-handlers.js';
import { userHandlers } from './user-handlers.js';

async function assertTenant(ctx: RequestContext, user: AuthUser, tenantId: number): Promise<void> {
  if (user.root) return;
  const own = await tenantAndChildren(ctx.services.db, user.tenantId);
  if (!own.includes(tenantId)) throw ApiError.permission(`no permission for tenant ${tenantId}`);
}

export const usersHandlers: AreaHandlers<typeof catalogue.users> = {
  ...tenantHandlers,
  ...userHandlers,
  ...nodeHandlers,
  ...roleHandlers,
  ...groupHandlers,
  ...grantHandlers,
  async userTree({ params }, ctx) {
    const user = requireUser(ctx);
    const db = ctx.services.db;
    const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', params.id).executeTakeFirst();
    if (!tenant) throw ApiError.notFound(`tenant ${params.id} does not exist`);
    await assertTenant(ctx, user, tenant.id);
    const users = await db
      .selectFrom('users')
      .select(['id', 'name', 'nic_name'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .execute();
    const groups = await db
      .selectFrom('user_groups')
      .selectAll()
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .execute();
    const members = await db
      .selectFrom('user_group_members')
      .select(['group_id', 'user_id'])
      .where('group_id', 'in', groups.length ? groups.map((g) => g.id) : [0])
      .execute();
    const userNode = (u: { id: number; name: string; nic_name: string }) => ({
      id: u.id,
      name: u.nic_name || u.name,
      modelLabel: 'user' as const,
      nodeID: tenant.id,
      nodeName: tenant.name,
      childUsers: [],
    });
    const grouped = new Set(members.map((m) => m.user_id));
    return [
      {
        id: tenant.id,
        name: tenant.name,
        modelLabel: 'tenant' as const,
        nodeID: null,
        nodeName: null,
        childUsers: [
          ...groups.map((g) => ({
            id: g.id,
            name: g.name,
            modelLabel: 'usergroup' as const,
            nodeID: tenant.id,
            nodeName: tenant.name,
            childUsers: users
              .filter((u) => members.some((m) => m.group_id === g.id && m.user_id === u.id))
              .map(userNode),
          })),
          ...users.filter((u) => !grouped.has(u.id)).map(userNode),
        ],
      },
    ];
  },
  async userGroup({ params }, ctx) {
    const user = requireUser(ctx);
    const db = ctx.services.db;
    const group = await db
      .selectFrom('user_groups')
      .selectAll()
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!group) throw ApiError.notFound(`user group ${params.id} does not exist`);
    await assertTenant(ctx, user, group.tenant_id);
    const users = await db
      .selectFrom('user_group_members')
      .innerJoin('users', 'users.id', 'user_group_members.user_id')
      .select(['users.id', 'users.name', 'users.nic_name'])
      .where('user_group_members.group_id', '=', group.id)
      .orderBy('users.id')
      .execute();
    return {
      id: group.id,
      name: group.name,
      tenantId: group.tenant_id,
      groupType: group.group_type === 'operations' ? ('operations' as const) : ('ordinary' as const),
      customConfig: JSON.stringify({ fileName: group.file_name ?? '' }),
      users: users.map((u) => ({ id: u.id, name: u.name, nicName: u.nic_name })),
    };
  },
};
