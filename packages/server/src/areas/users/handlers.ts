import type { catalogue } from '@eem/contract';
import { assertTenant, scopeOf } from '../../auth/scope.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { grantHandlers } from './grant-handlers.js';
import { groupHandlers } from './group-handlers.js';
import { nodeHandlers } from './node-handlers.js';
import { groupById, groupsOf, memberships, membersOfGroups } from './repo/groups.js';
import { tenantById } from './repo/tenants.js';
import { usersOfTenant } from './repo/users.js';
import { roleHandlers } from './role-handlers.js';
import { tenantHandlers } from './tenant-handlers.js';
import { groupVisible, visibleUserIds } from './user-access.js';
import { userHandlers } from './user-handlers.js';

export const usersHandlers: AreaHandlers<typeof catalogue.users> = {
  ...tenantHandlers,
  ...userHandlers,
  ...nodeHandlers,
  ...roleHandlers,
  ...groupHandlers,
  ...grantHandlers,
  async userTree({ params }, ctx) {
    const db = ctx.services.db;
    const tenant = await tenantById(db, params.id);
    if (!tenant) throw ApiError.notFound(`tenant ${params.id} does not exist`);
    const scope = await scopeOf(ctx);
    assertTenant(scope, tenant.id);
    // A project user sees the users and groups of its projects only.
    const everyone = await usersOfTenant(db, tenant.id);
    const visible = await visibleUserIds(
      ctx,
      scope,
      everyone.map((u) => u.id),
    );
    const users = everyone.filter((u) => visible.has(u.id));
    const groups = (await groupsOf(db, { tenantId: tenant.id })).filter((g) => groupVisible(scope, g));
    const members = await memberships(
      db,
      groups.map((g) => g.id),
    );
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
    const group = await groupById(ctx.services.db, params.id);
    if (!group) throw ApiError.notFound(`user group ${params.id} does not exist`);
    const scope = await scopeOf(ctx);
    if (!groupVisible(scope, group)) throw ApiError.permission(`no permission for user group ${params.id}`);
    const members = await membersOfGroups(ctx.services.db, [group.id]);
    const visible = await visibleUserIds(
      ctx,
      scope,
      members.map((u) => u.id),
    );
    const users = members.filter((u) => visible.has(u.id));
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
