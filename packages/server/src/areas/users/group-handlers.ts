/** User groups: operations teams and ordinary groups, with members of the group's tenant and a logo. */
import type { catalogue, EndpointParsedInput, UserGroup } from '@eem/contract';
import { text } from '@eem/core';
import { assertTenant, type Scope, scopeOf } from '../../auth/scope.js';
import { headerProject, type RequestContext } from '../../context.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { attachFiles } from '../files/file-store.js';
import { recordOperation } from '../logs/record-operation.js';
import {
  deleteGroup,
  groupById,
  insertGroup,
  membersOfGroups,
  setGroupMembers,
  updateGroup,
} from './repo/groups.js';
import { projectLinksOf, userTenants } from './repo/users.js';
import { type GroupRow, groupVisible, scopedGroups, userVisible, visibleUserIds } from './user-access.js';

type Users = AreaHandlers<typeof catalogue.users>;
type GroupBody = EndpointParsedInput<typeof catalogue.users.createUserGroup>['body'];

async function wireGroups(ctx: RequestContext, rows: readonly GroupRow[]): Promise<UserGroup[]> {
  if (rows.length === 0) return [];
  const all = await membersOfGroups(
    ctx.services.db,
    rows.map((r) => r.id),
  );
  // Members the caller may not see (another project's users) are left out.
  const visible = await visibleUserIds(
    ctx,
    await scopeOf(ctx),
    all.map((m) => m.id),
  );
  const members = all.filter((m) => visible.has(m.id));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    tenantId: g.tenant_id,
    projectId: g.project_id,
    groupType: g.group_type === 'operations' ? 'operations' : 'ordinary',
    customConfig: JSON.stringify({ fileName: g.file_name ?? '' }),
    logo: g.file_name,
    users: members
      .filter((m) => m.group_id === g.id)
      .map((m) => ({ id: m.id, name: m.name, nicName: m.nic_name })),
  }));
}

async function oneGroup(ctx: RequestContext, id: number): Promise<UserGroup> {
  const row = await groupById(ctx.services.db, id);
  const [group] = row ? await wireGroups(ctx, [row]) : [];
  if (!group) throw new Error(`user group ${id} vanished`);
  return group;
}

async function reachableGroup(ctx: RequestContext, scope: Scope, id: number): Promise<GroupRow> {
  const row = await groupById(ctx.services.db, id);
  if (!row) throw ApiError.notFound(`user group ${id} does not exist`);
  if (!groupVisible(scope, row)) throw ApiError.permission(`no permission for user group ${id}`);
  return row;
}

/** Members: existing users the caller sees, of the group's tenant. */
async function checkMembers(
  ctx: RequestContext,
  scope: Scope,
  ids: readonly number[],
  tenantId: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await userTenants(ctx.services.db, ids);
  const links = await projectLinksOf(ctx.services.db, ids);
  for (const [i, id] of ids.entries()) {
    const u = rows.find((r) => r.id === id);
    if (!u) throw ApiError.at(`body.users.${i}`, `user ${id} does not exist`);
    const linked = links.filter((l) => l.user_id === id).map((l) => l.project_id);
    if (!userVisible(scope, { root: u.is_root === 1, tenantId: u.tenant_id, linked }))
      throw ApiError.permission(`no permission for user ${id}`);
    if (u.tenant_id !== tenantId)
      throw ApiError.at(`body.users.${i}`, `user ${id} is not of the group's tenant`);
  }
  return [...new Set(ids)];
}

async function checkName(
  ctx: RequestContext,
  tenantId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  if (await nameTaken(ctx.services.db, 'user_groups', tenantId, name, exceptId))
    throw ApiError.conflict(`body.name: a user group named ${name} already exists`);
}

async function logo(
  ctx: RequestContext,
  scope: Scope,
  body: GroupBody,
  tenantId: number,
): Promise<string | null> {
  const fileName = body.customConfig.fileName;
  if (!fileName) return null;
  await attachFiles(ctx.services, [fileName], {
    kind: 'image',
    tenantId,
    userId: scope.user.id,
    field: 'customConfig.fileName',
    list: false,
  });
  return fileName;
}

export const groupHandlers: Pick<
  Users,
  'userGroups' | 'userGroupById' | 'createUserGroup' | 'updateUserGroup' | 'deleteUserGroup'
> = {
  async userGroups(_input, ctx) {
    const scope = await scopeOf(ctx);
    return wireGroups(ctx, await scopedGroups(ctx, scope, { projectId: ctx.projectId }));
  },
  async userGroupById({ query }, ctx) {
    const scope = await scopeOf(ctx);
    return oneGroup(ctx, (await reachableGroup(ctx, scope, query.id)).id);
  },
  async createUserGroup({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const user = scope.user;
    const project = await headerProject(ctx);
    const tenantId = project?.tenantId ?? body.tenantId ?? user.tenantId;
    if (body.tenantId !== undefined && body.tenantId !== tenantId) {
      throw ApiError.at('body.tenantId', 'a group made in a project belongs to the project’s tenant');
    }
    assertTenant(scope, tenantId);
    if (scope.boundProjects && !project)
      throw ApiError.permission('a project user makes groups of its project only');
    await checkName(ctx, tenantId, body.name);
    const members = await checkMembers(ctx, scope, body.users, tenantId);
    const fileName = await logo(ctx, scope, body, tenantId);
    const id = await insertGroup(ctx.services.db, {
      tenant_id: tenantId,
      project_id: project?.id ?? null,
      name: body.name,
      group_type: body.groupType,
      file_name: fileName,
      created_at: ctx.services.clock(),
    });
    await setGroupMembers(ctx.services.db, id, members);
    await recordOperation(ctx, {
      operation: 'add',
      object: text('oplog.userGroup', { name: body.name }),
      tenantId,
      description: text('oplog.members', { count: members.length }),
    });
    return oneGroup(ctx, id);
  },
  async updateUserGroup({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableGroup(ctx, scope, body.id);
    if (body.tenantId !== undefined && body.tenantId !== row.tenant_id) {
      throw ApiError.at('body.tenantId', 'the tenant of a group cannot change');
    }
    await checkName(ctx, row.tenant_id, body.name, row.id);
    const members = await checkMembers(ctx, scope, body.users, row.tenant_id);
    const fileName = await logo(ctx, scope, body, row.tenant_id);
    await updateGroup(ctx.services.db, row.id, {
      name: body.name,
      group_type: body.groupType,
      file_name: fileName,
    });
    await setGroupMembers(ctx.services.db, row.id, members);
    await recordOperation(ctx, {
      operation: 'edit',
      object: text('oplog.userGroup', { name: body.name }),
      tenantId: row.tenant_id,
      description: text('oplog.members', { count: members.length }),
    });
    return oneGroup(ctx, row.id);
  },
  async deleteUserGroup({ query }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableGroup(ctx, scope, query.id);
    await deleteGroup(ctx.services.db, row.id);
    await recordOperation(ctx, {
      operation: 'delete',
      object: text('oplog.userGroup', { name: row.name }),
      tenantId: row.tenant_id,
    });
    return null;
  },
};
